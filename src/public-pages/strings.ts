/**
 * The words of the subscription pages, per language, and the resolver that picks a language from a
 * contact's `data.locale` (or a browser's Accept-Language). `{email}` in a string is replaced by the
 * (masked, escaped) address when the page is built.
 */

export const LOCALES = ['en', 'de', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export interface PageStrings {
  unsubscribeTitle: string;
  unsubscribeQuestion: string;
  unsubscribeExplain: string;
  unsubscribeButton: string;
  unsubscribedTitle: string;
  unsubscribedBody: string;
  resubscribePrompt: string;
  subscribeTitle: string;
  subscribeQuestion: string;
  subscribeExplain: string;
  subscribeButton: string;
  subscribedTitle: string;
  subscribedBody: string;
  manageTitle: string;
  manageSubscribed: string;
  manageUnsubscribed: string;
  invalidTitle: string;
  invalidBody: string;
}

const en: PageStrings = {
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeQuestion: 'Unsubscribe {email}?',
  unsubscribeExplain:
    'You will no longer receive marketing emails from this sender. Transactional messages, such as receipts, may still be sent.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribedTitle: 'You have been unsubscribed',
  unsubscribedBody: '{email} will no longer receive these emails.',
  resubscribePrompt: 'Unsubscribed by mistake?',
  subscribeTitle: 'Subscribe',
  subscribeQuestion: 'Subscribe {email} again?',
  subscribeExplain: 'You will receive emails from this sender again.',
  subscribeButton: 'Subscribe again',
  subscribedTitle: 'You are subscribed',
  subscribedBody: '{email} will receive these emails again.',
  manageTitle: 'Email preferences',
  manageSubscribed: '{email} is subscribed.',
  manageUnsubscribed: '{email} is unsubscribed.',
  invalidTitle: 'Link not valid',
  invalidBody: 'This link is invalid or has expired.',
};

const de: PageStrings = {
  unsubscribeTitle: 'Abmelden',
  unsubscribeQuestion: '{email} abmelden?',
  unsubscribeExplain:
    'Sie erhalten dann keine Marketing-E-Mails dieses Absenders mehr. Transaktionsnachrichten wie Belege können weiterhin gesendet werden.',
  unsubscribeButton: 'Abmelden',
  unsubscribedTitle: 'Sie wurden abgemeldet',
  unsubscribedBody: '{email} erhält diese E-Mails nicht mehr.',
  resubscribePrompt: 'Versehentlich abgemeldet?',
  subscribeTitle: 'Anmelden',
  subscribeQuestion: '{email} wieder anmelden?',
  subscribeExplain: 'Sie erhalten dann wieder E-Mails dieses Absenders.',
  subscribeButton: 'Wieder anmelden',
  subscribedTitle: 'Sie sind angemeldet',
  subscribedBody: '{email} erhält diese E-Mails wieder.',
  manageTitle: 'E-Mail-Einstellungen',
  manageSubscribed: '{email} ist angemeldet.',
  manageUnsubscribed: '{email} ist abgemeldet.',
  invalidTitle: 'Ungültiger Link',
  invalidBody: 'Dieser Link ist ungültig oder abgelaufen.',
};

const fr: PageStrings = {
  unsubscribeTitle: 'Désinscription',
  unsubscribeQuestion: 'Désinscrire {email} ?',
  unsubscribeExplain:
    'Vous ne recevrez plus les e-mails marketing de cet expéditeur. Les messages transactionnels, comme les reçus, peuvent encore être envoyés.',
  unsubscribeButton: 'Se désinscrire',
  unsubscribedTitle: 'Vous êtes désinscrit',
  unsubscribedBody: '{email} ne recevra plus ces e-mails.',
  resubscribePrompt: 'Désinscrit par erreur ?',
  subscribeTitle: 'Inscription',
  subscribeQuestion: 'Réinscrire {email} ?',
  subscribeExplain: 'Vous recevrez de nouveau les e-mails de cet expéditeur.',
  subscribeButton: 'Se réinscrire',
  subscribedTitle: 'Vous êtes inscrit',
  subscribedBody: '{email} recevra de nouveau ces e-mails.',
  manageTitle: 'Préférences e-mail',
  manageSubscribed: '{email} est inscrit.',
  manageUnsubscribed: '{email} est désinscrit.',
  invalidTitle: 'Lien non valide',
  invalidBody: "Ce lien n'est pas valide ou a expiré.",
};

const es: PageStrings = {
  unsubscribeTitle: 'Darse de baja',
  unsubscribeQuestion: '¿Dar de baja a {email}?',
  unsubscribeExplain:
    'Dejará de recibir los correos de marketing de este remitente. Los mensajes transaccionales, como los recibos, pueden seguir enviándose.',
  unsubscribeButton: 'Darse de baja',
  unsubscribedTitle: 'Se ha dado de baja',
  unsubscribedBody: '{email} ya no recibirá estos correos.',
  resubscribePrompt: '¿Se dio de baja por error?',
  subscribeTitle: 'Suscribirse',
  subscribeQuestion: '¿Volver a suscribir a {email}?',
  subscribeExplain: 'Volverá a recibir los correos de este remitente.',
  subscribeButton: 'Volver a suscribirse',
  subscribedTitle: 'Está suscrito',
  subscribedBody: '{email} volverá a recibir estos correos.',
  manageTitle: 'Preferencias de correo',
  manageSubscribed: '{email} está suscrito.',
  manageUnsubscribed: '{email} no está suscrito.',
  invalidTitle: 'Enlace no válido',
  invalidBody: 'Este enlace no es válido o ha caducado.',
};

export const STRINGS: Record<Locale, PageStrings> = { en, de, fr, es };

/**
 * The page language for a locale value: its primary subtag when we have strings for it
 * (`de-AT`, `de_at` → `de`), otherwise English. Anything not a string is English too.
 */
export function resolveLocale(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const primary = value.trim().toLowerCase().split(/[-_]/, 1)[0];
  return (LOCALES as readonly string[]).includes(primary ?? '') ? (primary as Locale) : DEFAULT_LOCALE;
}

/** The first language of an Accept-Language header we have strings for, else English (quality values ignored). */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  for (const part of (header ?? '').split(',').slice(0, 10)) {
    const locale = resolveLocale(part.split(';', 1)[0]);
    if (locale !== DEFAULT_LOCALE || part.trim().toLowerCase().startsWith('en')) return locale;
  }
  return DEFAULT_LOCALE;
}
