import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { Layout } from '../components/layout/Layout';
import { PageSpinner } from '../components/ui/Spinner';
import { HomePage } from '../pages/home/HomePage';
import { RouteError } from './RouteError';

/**
 * Every page but the home page is its own chunk, loaded when its route is first shown: the home
 * page (the landing page, and the one most visitors see first) stays in the entry chunk, so it
 * renders without a second round trip, and the editor's, the studio's and the other pages' code
 * and dependencies (markdown, QR, cropping, exports…) are not downloaded before they are needed.
 * Layout's Suspense shows 加载中... while a page's chunk loads.
 */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const AboutPage = lazyPage(() => import('../pages/about/AboutPage'), 'AboutPage');
const AdminPage = lazyPage(() => import('../pages/admin/AdminPage'), 'AdminPage');
const AdvancedCreatePage = lazyPage(() => import('../pages/create/AdvancedCreatePage'), 'AdvancedCreatePage');
const CreatePage = lazyPage(() => import('../pages/create/CreatePage'), 'CreatePage');
const EditorPage = lazyPage(() => import('../pages/editor/EditorPage'), 'EditorPage');
const LoginPage = lazyPage(() => import('../pages/login/LoginPage'), 'LoginPage');
const MyArticlesPage = lazyPage(() => import('../pages/my-articles/MyArticlesPage'), 'MyArticlesPage');
const PayPage = lazyPage(() => import('../pages/pay/PayPage'), 'PayPage');
const PricingPage = lazyPage(() => import('../pages/pricing/PricingPage'), 'PricingPage');
const ProductPage = lazyPage(() => import('../pages/product/ProductPage'), 'ProductPage');
const ProfilePage = lazyPage(() => import('../pages/profile/ProfilePage'), 'ProfilePage');
const RegisterPage = lazyPage(() => import('../pages/register/RegisterPage'), 'RegisterPage');
const ResetPasswordPage = lazyPage(() => import('../pages/reset-password/ResetPasswordPage'), 'ResetPasswordPage');
const SharedArticlePage = lazyPage(() => import('../pages/shared/SharedArticlePage'), 'SharedArticlePage');

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
  { path: '/admin', element: <AdminPage />, auth: true },
];

// A page not built yet gets a bare <Outlet /> (renders nothing) so that the path is still
// matched and guarded, and react-router does not warn about an element-less leaf. Each page has
// its own error boundary: a page that fails shows RouteError inside the layout, the rest works.
function toRouteObject({ path, element }: AppRoute): RouteObject {
  return { path, element: element ?? <Outlet />, errorElement: <RouteError /> };
}

/**
 * Shows a page's chunk loading as 加载中... inside the layout. It sits above every page, so it
 * stays mounted across navigations: react-router navigates in a transition, and React keeps the
 * page already shown until the next one's chunk has arrived instead of flashing the spinner.
 */
function PageSuspense() {
  return (
    <Suspense fallback={<PageSpinner label="加载中..." />}>
      <Outlet />
    </Suspense>
  );
}

export function buildRoutes(table: readonly AppRoute[] = APP_ROUTES_TABLE): RouteObject[] {
  return [
    {
      element: <Layout />,
      // The layout's own failure (or the guard's) still gets a friendly page, not react-router's default.
      errorElement: <RouteError />,
      children: [
        {
          element: <PageSuspense />,
          children: [
            ...table.filter((route) => !route.auth).map(toRouteObject),
            { element: <RequireAuth />, children: table.filter((route) => route.auth).map(toRouteObject) },
            { path: '*', element: <Navigate to="/" replace /> },
          ],
        },
      ],
    },
  ];
}
