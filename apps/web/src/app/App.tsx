import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { ToastProvider } from '../components/toast/ToastProvider';
import { createQueryClient } from '../lib/query-client';
import { buildRoutes } from './routes';

const router = createBrowserRouter(buildRoutes());
const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
