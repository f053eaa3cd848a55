/**
 * The words of the web version and archive pages (beyond.md §11), per language of the subscription
 * pages (public-pages/strings.ts, whose locale resolvers these pages use). `{sender}` and `{project}`
 * are filled in, escaped, when a page is built.
 */
import type { Locale } from '../public-pages/strings.ts';

export interface WebStrings {
  /** Above the email: who sent it. */
  from: string;
  /** The accessible name of the frame that holds the email. */
  emailFrame: string;
  archiveHeading: string;
  archiveEmpty: string;
  olderPage: string;
  newestPage: string;
  backToArchive: string;
  rssFeed: string;
  feedDescription: string;
  notFoundTitle: string;
  notFoundBody: string;
  tooManyTitle: string;
  tooManyBody: string;
}

const en: WebStrings = {
  from: 'From {sender}',
  emailFrame: 'Email content',
  archiveHeading: 'Newsletter archive',
  archiveEmpty: 'Nothing has been published here yet.',
  olderPage: 'Older newsletters',
  newestPage: 'Newest newsletters',
  backToArchive: 'All newsletters',
  rssFeed: 'RSS feed',
  feedDescription: 'Newsletters published by {project}',
  notFoundTitle: 'Page not found',
  notFoundBody: 'There is nothing to show at this address.',
  tooManyTitle: 'Too many requests',
  tooManyBody: 'Please wait a minute and try again.',
};

const de: WebStrings = {
  from: 'Von {sender}',
  emailFrame: 'Inhalt der E-Mail',
  archiveHeading: 'Newsletter-Archiv',
  archiveEmpty: 'Hier wurde noch nichts veröffentlicht.',
  olderPage: 'Ältere Newsletter',
  newestPage: 'Neueste Newsletter',
  backToArchive: 'Alle Newsletter',
  rssFeed: 'RSS-Feed',
  feedDescription: 'Von {project} veröffentlichte Newsletter',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundBody: 'Unter dieser Adresse gibt es nichts anzuzeigen.',
  tooManyTitle: 'Zu viele Anfragen',
  tooManyBody: 'Bitte warten Sie eine Minute und versuchen Sie es erneut.',
};

const fr: WebStrings = {
  from: 'De {sender}',
  emailFrame: "Contenu de l'e-mail",
  archiveHeading: 'Archives de la newsletter',
  archiveEmpty: "Rien n'a encore été publié ici.",
  olderPage: 'Newsletters plus anciennes',
  newestPage: 'Newsletters les plus récentes',
  backToArchive: 'Toutes les newsletters',
  rssFeed: 'Flux RSS',
  feedDescription: 'Newsletters publiées par {project}',
  notFoundTitle: 'Page introuvable',
  notFoundBody: "Il n'y a rien à afficher à cette adresse.",
  tooManyTitle: 'Trop de requêtes',
  tooManyBody: 'Veuillez patienter une minute, puis réessayer.',
};

const es: WebStrings = {
  from: 'De {sender}',
  emailFrame: 'Contenido del correo',
  archiveHeading: 'Archivo del boletín',
  archiveEmpty: 'Todavía no se ha publicado nada aquí.',
  olderPage: 'Boletines anteriores',
  newestPage: 'Boletines más recientes',
  backToArchive: 'Todos los boletines',
  rssFeed: 'Canal RSS',
  feedDescription: 'Boletines publicados por {project}',
  notFoundTitle: 'Página no encontrada',
  notFoundBody: 'No hay nada que mostrar en esta dirección.',
  tooManyTitle: 'Demasiadas solicitudes',
  tooManyBody: 'Espere un minuto y vuelva a intentarlo.',
};

export const WEB_STRINGS: Record<Locale, WebStrings> = { en, de, fr, es };

/** A date as the language writes it (`3 March 2026`), in `timeZone` when it is a zone Intl knows, else UTC. */
export function formatDate(locale: Locale, iso: string, timeZone: string | undefined): string {
  const at = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  }
}
