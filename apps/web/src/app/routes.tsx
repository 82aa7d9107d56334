import type { ReactElement } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { Layout } from '../components/layout/Layout';
import { AboutPage } from '../pages/about/AboutPage';
import { AdvancedCreatePage } from '../pages/create/AdvancedCreatePage';
import { CreatePage } from '../pages/create/CreatePage';
import { HomePage } from '../pages/home/HomePage';
import { EditorPage } from '../pages/editor/EditorPage';
import { LoginPage } from '../pages/login/LoginPage';
import { MyArticlesPage } from '../pages/my-articles/MyArticlesPage';
import { PayPage } from '../pages/pay/PayPage';
import { PricingPage } from '../pages/pricing/PricingPage';
import { ProductPage } from '../pages/product/ProductPage';
import { ProfilePage } from '../pages/profile/ProfilePage';
import { RegisterPage } from '../pages/register/RegisterPage';
import { ResetPasswordPage } from '../pages/reset-password/ResetPasswordPage';
import { SharedArticlePage } from '../pages/shared/SharedArticlePage';

export interface AppRoute {
  path: string;
  /** Omitted for a page that is not built yet (see docs/decisions/003-guarded-routes-before-pages.md). */
  element?: ReactElement;
  /** Behind RequireAuth: a spinner while /me loads, /login when signed out. */
  auth: boolean;
}

/** The route table. Add a page by adding one entry. */
export const APP_ROUTES_TABLE: readonly AppRoute[] = [
  { path: '/', element: <HomePage />, auth: false },
  { path: '/pricing', element: <PricingPage />, auth: false },
  { path: '/pay', element: <PayPage />, auth: false },
  { path: '/product', element: <ProductPage />, auth: false },
  { path: '/about', element: <AboutPage />, auth: false },
  { path: '/login', element: <LoginPage />, auth: false },
  { path: '/register', element: <RegisterPage />, auth: false },
  { path: '/reset-password', element: <ResetPasswordPage />, auth: false },
  { path: '/profile', element: <ProfilePage />, auth: true },
  { path: '/create', element: <CreatePage />, auth: true },
  { path: '/advanced-create', element: <AdvancedCreatePage />, auth: true },
  { path: '/my-articles', element: <MyArticlesPage />, auth: true },
  { path: '/editor', element: <EditorPage />, auth: true },
  { path: '/shared/article/:articleId', element: <SharedArticlePage />, auth: false },
];

// A page not built yet gets a bare <Outlet /> (renders nothing) so that the path is still
// matched and guarded, and react-router does not warn about an element-less leaf.
function toRouteObject({ path, element }: AppRoute): RouteObject {
  return { path, element: element ?? <Outlet /> };
}

export function buildRoutes(table: readonly AppRoute[] = APP_ROUTES_TABLE): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        ...table.filter((route) => !route.auth).map(toRouteObject),
        { element: <RequireAuth />, children: table.filter((route) => route.auth).map(toRouteObject) },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
