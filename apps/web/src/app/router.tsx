import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { registerNavigate } from '../lib/navigation.ts';
import { NOT_FOUND_PAGE, routeTable, type RouteDef, type RouteHandle } from './routes.ts';
import { guardLoader } from './guard.ts';
import { Layout } from './layout/Layout.tsx';
import { RouteError } from './RouteError.tsx';

type PageModule = { default: ComponentType };
/** Every page is its own lazy chunk; keys are '/src/...' paths matching RouteDef.page. */
export const pageModules = import.meta.glob<PageModule>(['/src/features/*/routes/*Page.tsx', '/src/app/NotFoundPage.tsx']);

function lazyPage(page: string) {
  const load = pageModules[`/${page}`];
  if (!load) throw new Error(`页面模块不存在: ${page}`);
  return async () => ({ Component: (await load()).default });
}

function toRoute(def: RouteDef): RouteObject {
  return {
    path: def.path,
    handle: { route: def } satisfies RouteHandle,
    ...(def.auth ? { loader: guardLoader } : {}),
    lazy: lazyPage(def.page),
  };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <Layout />,
      errorElement: <RouteError />,
      HydrateFallback: () => null,
      children: [
        { index: true, element: <Navigate to="/home" replace /> },
        ...routeTable.map(toRoute),
        { path: '*', handle: {} satisfies RouteHandle, lazy: lazyPage(NOT_FOUND_PAGE) },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  registerNavigate((to, options) => void router.navigate(to, options));
  return router;
}
