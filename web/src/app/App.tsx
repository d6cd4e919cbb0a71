import { RouterProvider } from 'react-router';
import './auth-actions';
import { Providers } from './Providers';
import { createRouter } from './router';

const router = createRouter();

/** The whole application: providers and the router with every feature's routes. */
export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
