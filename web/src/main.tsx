import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client.ts';
import { router } from './app/router.tsx';
import { ToastProvider } from './components/Toast.tsx';
import { startI18n } from './i18n/i18n.ts';
import { LanguageRoot, REMEMBERED_LANGUAGE } from './i18n/LanguageRoot.tsx';
import { chooseLanguage } from './i18n/languages.ts';
import './index.css';

const queryClient = createQueryClient();

// The catalog loads before the first render, so no screen flashes in another language.
await startI18n(chooseLanguage(localStorage.getItem(REMEMBERED_LANGUAGE), navigator.languages));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LanguageRoot>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </LanguageRoot>
    </QueryClientProvider>
  </StrictMode>,
);
