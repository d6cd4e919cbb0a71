import { authFeature } from '../features/auth';
import { errorsFeature } from '../features/errors';
import { homeFeature } from '../features/home';
import { infoFeature } from '../features/info';
import { systemFeature } from '../features/system';
import { organisationFeature } from '../features/organisation';
import { iframeFeature } from '../features/iframe';
import { oaFeature } from '../features/oa';
import { fileManagerFeature } from '../features/files';
import { formsFeature } from '../features/forms';
import { dataFeature } from '../features/data';
import { formRelationFeature } from '../features/form-relation';
import { workflowFeature } from '../features/workflow';
import { formPublishFeature } from '../features/form-publish';
import { formPrintFeature } from '../features/form-print';
import { clueFeature } from '../features/clue';
import { excelTemplateFeature } from '../features/excel-template';
import { taskSchedulingFeature } from '../features/task-scheduling';
import { reportFeature } from '../features/report';
import { registerLocaleFiles, registerMenuTexts } from '../lib/i18n';
import { matchPath } from 'react-router';
import type { Feature, FeatureRoute } from './feature';

export const features: Feature[] = [
  authFeature,
  errorsFeature,
  homeFeature,
  infoFeature,
  organisationFeature,
  systemFeature,
  oaFeature,
  fileManagerFeature,
  dataFeature,
  formsFeature,
  formRelationFeature,
  formPublishFeature,
  formPrintFeature,
  workflowFeature,
  clueFeature,
  excelTemplateFeature,
  taskSchedulingFeature,
  reportFeature,
  iframeFeature,
];
for (const feature of features) {
  if (feature.locales) registerLocaleFiles(feature.locales);
  if (feature.menuTexts) registerMenuTexts(feature.menuTexts);
}

export const allRoutes: FeatureRoute[] = features.flatMap((f) => f.routes);

export function routeFor(pathname: string): FeatureRoute | undefined {
  return (
    allRoutes.find((r) => r.path === pathname) ??
    allRoutes.find((r) => r.path.includes('/:') && matchPath(r.path, pathname)) ??
    allRoutes.find((r) => r.path.endsWith('/*') && pathname.startsWith(r.path.slice(0, -1)))
  );
}
