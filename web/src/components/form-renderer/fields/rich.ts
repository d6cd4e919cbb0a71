export { richFields } from './rich/index';
