/**
 * The words of the topic parts of the subscription pages (beyond.md §1), per language: a topic
 * campaign's unsubscribe page and the preference center's list. `{email}` and `{topic}` are filled in,
 * escaped, when the page is built.
 */
import type { Locale } from './strings.ts';

export interface TopicStrings {
  unsubscribeQuestion: string;
  unsubscribeExplain: string;
  unsubscribedBody: string;
  subscribedBody: string;
  topicsIntro: string;
  saveButton: string;
  savedNotice: string;
  unsubscribeAllButton: string;
}

export const TOPIC_STRINGS: Record<Locale, TopicStrings> = {
  en: {
    unsubscribeQuestion: 'Unsubscribe {email} from “{topic}”?',
    unsubscribeExplain: 'You will keep receiving the other emails you are subscribed to.',
    unsubscribedBody: '{email} will no longer receive “{topic}”.',
    subscribedBody: '{email} will receive “{topic}” again.',
    topicsIntro: 'Choose what you receive:',
    saveButton: 'Save preferences',
    savedNotice: 'Your preferences have been saved.',
    unsubscribeAllButton: 'Unsubscribe from everything',
  },
  de: {
    unsubscribeQuestion: '{email} von „{topic}“ abmelden?',
    unsubscribeExplain: 'Die anderen E-Mails, die Sie abonniert haben, erhalten Sie weiterhin.',
    unsubscribedBody: '{email} erhält „{topic}“ nicht mehr.',
    subscribedBody: '{email} erhält „{topic}“ wieder.',
    topicsIntro: 'Wählen Sie, was Sie erhalten möchten:',
    saveButton: 'Einstellungen speichern',
    savedNotice: 'Ihre Einstellungen wurden gespeichert.',
    unsubscribeAllButton: 'Von allem abmelden',
  },
  fr: {
    unsubscribeQuestion: 'Désinscrire {email} de « {topic} » ?',
    unsubscribeExplain: 'Vous continuerez à recevoir les autres e-mails auxquels vous êtes inscrit.',
    unsubscribedBody: '{email} ne recevra plus « {topic} ».',
    subscribedBody: '{email} recevra de nouveau « {topic} ».',
    topicsIntro: 'Choisissez ce que vous recevez :',
    saveButton: 'Enregistrer les préférences',
    savedNotice: 'Vos préférences ont été enregistrées.',
    unsubscribeAllButton: 'Se désinscrire de tout',
  },
  es: {
    unsubscribeQuestion: '¿Dar de baja a {email} de «{topic}»?',
    unsubscribeExplain: 'Seguirá recibiendo los demás correos a los que está suscrito.',
    unsubscribedBody: '{email} ya no recibirá «{topic}».',
    subscribedBody: '{email} volverá a recibir «{topic}».',
    topicsIntro: 'Elija lo que recibe:',
    saveButton: 'Guardar preferencias',
    savedNotice: 'Se han guardado sus preferencias.',
    unsubscribeAllButton: 'Darse de baja de todo',
  },
};
