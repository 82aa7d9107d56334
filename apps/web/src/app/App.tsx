import { createBrowserRouter, RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { ToastProvider } from '../components/toast/ToastProvider';
import { buildRoutes } from './routes';

const router = createBrowserRouter(buildRoutes());

export function App() {
  return (
    <AuthProvider>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </AuthProvider>
  );
}
