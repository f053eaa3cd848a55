/**
 * The words of sign-up per language: the built-in confirmation email, the /confirm pages and the
 * hosted /join form. `{email}` and `{project}` are filled in (escaped) where they are used. The
 * languages and the resolver are the subscription pages' own (public-pages/strings.ts).
 */
import type { Locale } from '../public-pages/strings.ts';

export interface SignupStrings {
  mailSubject: string;
  mailIntro: string;
  mailButton: string;
  mailIgnore: string;
  confirmTitle: string;
  confirmQuestion: string;
  confirmButton: string;
  confirmedTitle: string;
  confirmedBody: string;
  invalidTitle: string;
  invalidBody: string;
  joinTitle: string;
  emailLabel: string;
  topicsLabel: string;
  joinButton: string;
  optional: string;
  honeypotLabel: string;
  checkInboxTitle: string;
  checkInboxBody: string;
  subscribedTitle: string;
  subscribedBody: string;
  formMissingTitle: string;
  formMissingBody: string;
  errorSummary: string;
  errorEmail: string;
  errorRequired: string;
  errorNumber: string;
  errorTopics: string;
  tooManyTitle: string;
  tooManyBody: string;
}

const en: SignupStrings = {
  mailSubject: 'Confirm your subscription to {project}',
  mailIntro: 'Please confirm that you want to receive emails from {project}.',
  mailButton: 'Confirm my subscription',
  mailIgnore:
    'If you did not sign up, ignore this email: nothing happens without your confirmation. The link expires in 7 days.',
  confirmTitle: 'Confirm your subscription',
  confirmQuestion: 'Subscribe {email} to {project}?',
  confirmButton: 'Confirm',
  confirmedTitle: 'Subscription confirmed',
  confirmedBody: '{email} is subscribed to {project}.',
  invalidTitle: 'Link not valid',
  invalidBody: 'This confirmation link is invalid or has expired. Sign up again to get a new one.',
  joinTitle: 'Sign up',
  emailLabel: 'Email address',
  topicsLabel: 'Topics',
  joinButton: 'Sign up',
  optional: 'optional',
  honeypotLabel: 'Leave this field empty',
  checkInboxTitle: 'Check your inbox',
  checkInboxBody: 'We sent a confirmation link to {email}. Follow it to complete your subscription.',
  subscribedTitle: 'You are subscribed',
  subscribedBody: '{email} is subscribed to {project}.',
  formMissingTitle: 'Form not found',
  formMissingBody: 'There is no sign-up form at this address.',
  errorSummary: 'Please correct the marked fields.',
  errorEmail: 'Enter a valid email address.',
  errorRequired: 'This field is required.',
  errorNumber: 'Enter a number.',
  errorTopics: 'Choose among the topics shown.',
  tooManyTitle: 'Too many attempts',
  tooManyBody: 'Please wait a minute, then try again.',
};

const de: SignupStrings = {
  mailSubject: 'Bestätigen Sie Ihr Abonnement bei {project}',
  mailIntro: 'Bitte bestätigen Sie, dass Sie E-Mails von {project} erhalten möchten.',
  mailButton: 'Abonnement bestätigen',
  mailIgnore:
    'Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail: Ohne Ihre Bestätigung geschieht nichts. Der Link ist 7 Tage gültig.',
  confirmTitle: 'Abonnement bestätigen',
  confirmQuestion: '{email} bei {project} anmelden?',
  confirmButton: 'Bestätigen',
  confirmedTitle: 'Abonnement bestätigt',
  confirmedBody: '{email} ist bei {project} angemeldet.',
  invalidTitle: 'Ungültiger Link',
  invalidBody:
    'Dieser Bestätigungslink ist ungültig oder abgelaufen. Melden Sie sich erneut an, um einen neuen zu erhalten.',
  joinTitle: 'Anmelden',
  emailLabel: 'E-Mail-Adresse',
  topicsLabel: 'Themen',
  joinButton: 'Anmelden',
  optional: 'optional',
  honeypotLabel: 'Dieses Feld leer lassen',
  checkInboxTitle: 'Sehen Sie in Ihr Postfach',
  checkInboxBody:
    'Wir haben einen Bestätigungslink an {email} gesendet. Folgen Sie ihm, um Ihre Anmeldung abzuschließen.',
  subscribedTitle: 'Sie sind angemeldet',
  subscribedBody: '{email} ist bei {project} angemeldet.',
  formMissingTitle: 'Formular nicht gefunden',
  formMissingBody: 'Unter dieser Adresse gibt es kein Anmeldeformular.',
  errorSummary: 'Bitte korrigieren Sie die markierten Felder.',
  errorEmail: 'Geben Sie eine gültige E-Mail-Adresse ein.',
  errorRequired: 'Dieses Feld ist erforderlich.',
  errorNumber: 'Geben Sie eine Zahl ein.',
  errorTopics: 'Wählen Sie unter den angezeigten Themen.',
  tooManyTitle: 'Zu viele Versuche',
  tooManyBody: 'Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
};

const fr: SignupStrings = {
  mailSubject: 'Confirmez votre inscription à {project}',
  mailIntro: 'Veuillez confirmer que vous souhaitez recevoir les e-mails de {project}.',
  mailButton: 'Confirmer mon inscription',
  mailIgnore:
    'Si vous ne vous êtes pas inscrit, ignorez cet e-mail : rien ne se passe sans votre confirmation. Le lien expire dans 7 jours.',
  confirmTitle: 'Confirmez votre inscription',
  confirmQuestion: 'Inscrire {email} à {project} ?',
  confirmButton: 'Confirmer',
  confirmedTitle: 'Inscription confirmée',
  confirmedBody: '{email} est inscrit à {project}.',
  invalidTitle: 'Lien non valide',
  invalidBody:
    "Ce lien de confirmation n'est pas valide ou a expiré. Inscrivez-vous de nouveau pour en recevoir un autre.",
  joinTitle: 'Inscription',
  emailLabel: 'Adresse e-mail',
  topicsLabel: 'Sujets',
  joinButton: "S'inscrire",
  optional: 'facultatif',
  honeypotLabel: 'Laissez ce champ vide',
  checkInboxTitle: 'Consultez votre boîte de réception',
  checkInboxBody: 'Nous avons envoyé un lien de confirmation à {email}. Suivez-le pour terminer votre inscription.',
  subscribedTitle: 'Vous êtes inscrit',
  subscribedBody: '{email} est inscrit à {project}.',
  formMissingTitle: 'Formulaire introuvable',
  formMissingBody: "Il n'y a pas de formulaire d'inscription à cette adresse.",
  errorSummary: 'Veuillez corriger les champs signalés.',
  errorEmail: 'Saisissez une adresse e-mail valide.',
  errorRequired: 'Ce champ est obligatoire.',
  errorNumber: 'Saisissez un nombre.',
  errorTopics: 'Choisissez parmi les sujets proposés.',
  tooManyTitle: 'Trop de tentatives',
  tooManyBody: 'Veuillez patienter une minute, puis réessayer.',
};

const es: SignupStrings = {
  mailSubject: 'Confirme su suscripción a {project}',
  mailIntro: 'Confirme que desea recibir correos de {project}.',
  mailButton: 'Confirmar mi suscripción',
  mailIgnore:
    'Si no se ha suscrito, ignore este correo: no ocurrirá nada sin su confirmación. El enlace caduca en 7 días.',
  confirmTitle: 'Confirme su suscripción',
  confirmQuestion: '¿Suscribir {email} a {project}?',
  confirmButton: 'Confirmar',
  confirmedTitle: 'Suscripción confirmada',
  confirmedBody: '{email} está suscrito a {project}.',
  invalidTitle: 'Enlace no válido',
  invalidBody: 'Este enlace de confirmación no es válido o ha caducado. Suscríbase de nuevo para recibir otro.',
  joinTitle: 'Suscribirse',
  emailLabel: 'Correo electrónico',
  topicsLabel: 'Temas',
  joinButton: 'Suscribirse',
  optional: 'opcional',
  honeypotLabel: 'Deje este campo vacío',
  checkInboxTitle: 'Revise su bandeja de entrada',
  checkInboxBody: 'Hemos enviado un enlace de confirmación a {email}. Sígalo para completar su suscripción.',
  subscribedTitle: 'Está suscrito',
  subscribedBody: '{email} está suscrito a {project}.',
  formMissingTitle: 'Formulario no encontrado',
  formMissingBody: 'No hay ningún formulario de suscripción en esta dirección.',
  errorSummary: 'Corrija los campos marcados.',
  errorEmail: 'Introduzca un correo electrónico válido.',
  errorRequired: 'Este campo es obligatorio.',
  errorNumber: 'Introduzca un número.',
  errorTopics: 'Elija entre los temas mostrados.',
  tooManyTitle: 'Demasiados intentos',
  tooManyBody: 'Espere un minuto y vuelva a intentarlo.',
};

export const SIGNUP_STRINGS: Record<Locale, SignupStrings> = { en, de, fr, es };
