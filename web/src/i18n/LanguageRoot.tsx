import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useMe } from '../api/session.ts';
import { currentLanguage, i18n, switchLanguage } from './i18n.ts';
import { chooseLanguage } from './languages.ts';

/** Where the last account language is remembered, so a reload starts in it before the account is read. */
export const REMEMBERED_LANGUAGE = 'mailwright.language';

/**
 * Keeps the dashboard in the signed-in user's language (their setting, else the browser's) and
 * renders everything below anew when it changes, so text formatted outside React (dates, numbers)
 * follows too.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const me = useMe();
  const [language, setLanguage] = useState(currentLanguage());

  useEffect(() => {
    const follow = () => setLanguage(currentLanguage());
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, []);

  const setting = me.data?.language ?? null;
  useEffect(() => {
    if (me.data === undefined) return;
    if (setting) localStorage.setItem(REMEMBERED_LANGUAGE, setting);
    else localStorage.removeItem(REMEMBERED_LANGUAGE);
    const wanted = chooseLanguage(setting, navigator.languages);
    if (wanted !== currentLanguage()) void switchLanguage(wanted);
  }, [me.data, setting]);

  return <Fragment key={language}>{children}</Fragment>;
}
