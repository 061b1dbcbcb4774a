import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { installRootFontScaling } from './lib/viewport.ts';
import './styles/global.css';

// Root font first, so the first paint already has the right scale (no inline script: CSP).
installRootFontScaling();

const router = createAppRouter();

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
