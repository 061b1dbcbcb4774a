import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { installRootFontScaling } from './lib/viewport.ts';
import { installCareMode } from './lib/care.ts';
import './styles/tokens.css';
import './styles/global.css';
import './styles/care.css';
import './styles/phone.css';
import './styles/server-page.css';

// Care mode and root font first, so the first paint already has the right scale (no inline script: CSP).
installCareMode();
installRootFontScaling();

const router = createAppRouter();

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
