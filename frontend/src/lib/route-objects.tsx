import { useRoutes, type RouteObject } from 'react-router-dom';

/** Renders route objects inside whichever declarative router encloses it (the site, the admin panel, tests). */
export function RouteObjects({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
