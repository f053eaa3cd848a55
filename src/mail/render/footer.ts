/**
 * The unsubscribe footer appended to MARKETING mail (decisions.md "Templates and content"), with the
 * web version link (beyond.md §11), in the contact's language when we have it (data.locale), else English.
 */
import { escapeHtml, insertBeforeBodyEnd } from './html.ts';

const STRINGS = {
  en: {
    reason: 'You received this email because you subscribed.',
    unsubscribe: 'Unsubscribe',
    manage: 'Manage preferences',
    webVersion: 'View in browser',
  },
  de: {
    reason: 'Sie erhalten diese E-Mail, weil Sie sich angemeldet haben.',
    unsubscribe: 'Abmelden',
    manage: 'Einstellungen verwalten',
    webVersion: 'Im Browser ansehen',
  },
  fr: {
    reason: 'Vous recevez cet e-mail parce que vous vous êtes abonné(e).',
    unsubscribe: 'Se désabonner',
    manage: 'Gérer les préférences',
    webVersion: 'Voir dans le navigateur',
  },
  es: {
    reason: 'Recibes este correo porque te suscribiste.',
    unsubscribe: 'Darse de baja',
    manage: 'Gestionar preferencias',
    webVersion: 'Ver en el navegador',
  },
  it: {
    reason: 'Hai ricevuto questa email perché ti sei iscritto.',
    unsubscribe: "Annulla l'iscrizione",
    manage: 'Gestisci preferenze',
    webVersion: 'Visualizza nel browser',
  },
  nl: {
    reason: 'Je ontvangt deze e-mail omdat je je hebt aangemeld.',
    unsubscribe: 'Afmelden',
    manage: 'Voorkeuren beheren',
    webVersion: 'Bekijk in je browser',
  },
  pt: {
    reason: 'Você recebeu este e-mail porque se inscreveu.',
    unsubscribe: 'Cancelar inscrição',
    manage: 'Gerenciar preferências',
    webVersion: 'Ver no navegador',
  },
} as const;

export type SupportedLocale = keyof typeof STRINGS;

/**
 * The supported locale for a contact's `locale` value, by its primary subtag, case-insensitively
 * (`de-AT`, `DE_at` → de); anything else (missing, not a string, unknown language) → en.
 */
export function pickLocale(locale: unknown): SupportedLocale {
  if (typeof locale !== 'string') return 'en';
  const primary = locale.trim().split(/[-_]/, 1)[0]!.toLowerCase();
  return Object.hasOwn(STRINGS, primary) ? (primary as SupportedLocale) : 'en';
}

const LINK_STYLE = 'color:#6b7280;text-decoration:underline';

/**
 * The footer as HTML (a small centred block) with its links: the web version (when given), unsubscribe
 * and manage. The plain-text part gets it through the text derived from the whole HTML, so there is
 * no separate text version to keep in step.
 */
export function marketingFooter(
  locale: unknown,
  urls: { unsubscribeUrl: string; manageUrl: string; webVersionUrl?: string },
): string {
  const s = STRINGS[pickLocale(locale)];
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="${LINK_STYLE}">${escapeHtml(label)}</a>`;
  const webVersion = urls.webVersionUrl ? `${link(urls.webVersionUrl, s.webVersion)} &middot; ` : '';
  return (
    '<div style="margin:32px 0 0;padding:16px 0 0;border-top:1px solid #e5e7eb;text-align:center;' +
    'font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#6b7280">' +
    `<p style="margin:0 0 4px">${escapeHtml(s.reason)}</p>` +
    `<p style="margin:0">${webVersion}${link(urls.unsubscribeUrl, s.unsubscribe)} &middot; ${link(urls.manageUrl, s.manage)}</p>` +
    '</div>'
  );
}

/** The body with the footer inserted before `</body>`, or appended when the body has none. */
export function appendFooter(html: string, footerHtml: string): string {
  return insertBeforeBodyEnd(html, footerHtml);
}
