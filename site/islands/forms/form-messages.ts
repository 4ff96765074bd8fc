// The public forms' own words in the page's language (issue 39,
// docs/decisions/0570-forms-per-locale.md): what the contact dialog, the form blocks and the
// contact and pilot pages' form say around a definition (its labels, consent text, submit label
// and success message come translated from GET /api/forms/:id?locale=...). English and German
// (formal "Sie"); a page in another language gets English. Only the forms' messages: the
// landing page loads this with the dialog's and the form blocks' chunks.
import { PHONE_CHARACTERS_PROBLEM, PHONE_LENGTH_PROBLEM } from '../../../functions/shared/phone.ts';
import { formLanguage, pageLocale, type FormLanguage } from './page-locale.ts';

export interface FormMessages {
  /** A choice list's empty first option. */
  choose: string;
  /** The consent box's link to the privacy notice. */
  privacyPolicy: string;
  /** The consent box's name in its error ("Consent must be ticked..."). */
  consent: string;
  /** The submit button while the form is sent (the pages' forms; the dialog's). */
  sending: string;
  submitting: string;
  /** A form block waiting for its definition. */
  loading: string;
  close: string;
  cancel: string;
  /** Fields to correct (the landing page's forms / the contact page's form). */
  correctFields: string;
  correctFieldsPage: string;
  /** A refused field the visitor cannot see: nothing they can correct. */
  formProblem: (email: string) => string;
  pageFormProblem: (email: string) => string;
  tooLong: string;
  /** The landing page's forms: the server failed, the network failed. */
  failed: string;
  network: string;
  /** The contact page's form: the same, with the address that always works. */
  pageFailed: (email: string) => string;
  pageNetwork: (email: string) => string;
  tooMany: (minutes: number) => string;
  /** The form could not be loaded: the sentence before the e-mail address (a link), then ".". */
  unavailableDialog: string;
  unavailableBlock: string;
  /** A form block in an editor's or reviewer's preview, which never sends. */
  previewNote: string;
  /** A gated download's confirmation: before the link, the link, after it. */
  downloadBefore: string;
  downloadLink: string;
  downloadAfter: string;
  /** The built-in dialogs' titles and words, and a gated download's. */
  dialog: Record<'general' | 'pricing', { title: string; description: string }>;
  gatedDescription: string;
  /** A field error's ending in this language (the API and the checks say them in English). */
  problem: (message: string) => string;
}

const ENGLISH: FormMessages = {
  choose: 'Choose...',
  privacyPolicy: 'Privacy policy',
  consent: 'Consent',
  sending: 'Sending...',
  submitting: 'Submitting...',
  loading: 'Loading the form…',
  close: 'Close',
  cancel: 'Cancel',
  correctFields: 'Please correct the highlighted fields and submit again.',
  correctFieldsPage: 'Please correct the highlighted fields.',
  formProblem: (email) =>
    `We could not send your request because of a problem with this form. Please email us at ${email}.`,
  pageFormProblem: (email) =>
    `We could not send your message because of a problem with this form. Please email us at ${email}.`,
  tooLong: 'Your message is too long. Please shorten it and submit again.',
  failed:
    'We could not send your request. Please try again in a moment; your details are still here.',
  network:
    'We could not reach PharmaBridge. Please check your connection and try again; your details are still here.',
  pageFailed: (email) =>
    `We could not send your message. Please try again, or email us at ${email}.`,
  pageNetwork: (email) =>
    `We could not reach our servers. Check your connection and try again, or email us at ${email}.`,
  tooMany: (minutes) =>
    `Too many submissions; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  unavailableDialog:
    'We could not load this form. Please close this window and try again in a moment, or email us at ',
  unavailableBlock: 'We could not load this form. Please try again in a moment, or email us at ',
  previewNote: 'A preview: this form is not sent from here.',
  downloadBefore: 'Your download starts by itself. If it does not, ',
  downloadLink: 'download the file here',
  downloadAfter: '. The link works for 24 hours.',
  dialog: {
    general: {
      title: 'Request Demo',
      description:
        'Tell us about your data program and a PharmaBridge specialist will arrange a tailored demo using your own contracts.',
    },
    pricing: {
      title: 'Get Pricing Information',
      description:
        'Tell us about your supplier network and we will prepare pricing for the plan that fits your program.',
    },
  },
  gatedDescription:
    'Tell us who you are and your download link appears here as soon as we have your details.',
  problem: (message) => message,
};

/** The field errors the checks and the API give, in German; any other reads "ist ungültig". */
const GERMAN_PROBLEMS: Record<string, string> = {
  'is required': 'ist ein Pflichtfeld',
  'must be a valid email address': 'muss eine gültige E-Mail-Adresse sein',
  'must be ticked': 'muss angekreuzt sein',
  'must be ticked to send this form': 'muss bestätigt werden, damit wir das Formular senden können',
  'changed since this page was loaded: reload the page and read it again':
    'wurde geändert, seit Sie diese Seite geöffnet haben. Bitte laden Sie die Seite neu und lesen Sie den Text erneut',
  [PHONE_CHARACTERS_PROBLEM]:
    'muss eine Telefonnummer sein, etwa +49 30 12345678 oder 030 12345678, eine Durchwahl als ext. 12',
  [PHONE_LENGTH_PROBLEM]: 'muss eine Telefonnummer mit 6 bis 15 Ziffern sein',
};

const GERMAN: FormMessages = {
  choose: 'Bitte wählen …',
  privacyPolicy: 'Datenschutzerklärung',
  consent: 'Die Einwilligung',
  sending: 'Wird gesendet …',
  submitting: 'Wird gesendet …',
  loading: 'Formular wird geladen …',
  close: 'Schließen',
  cancel: 'Abbrechen',
  correctFields: 'Bitte korrigieren Sie die markierten Felder und senden Sie das Formular erneut.',
  correctFieldsPage: 'Bitte korrigieren Sie die markierten Felder.',
  formProblem: (email) =>
    `Wegen eines Fehlers in diesem Formular konnten wir Ihre Anfrage nicht senden. Bitte schreiben Sie uns an ${email}.`,
  pageFormProblem: (email) =>
    `Wegen eines Fehlers in diesem Formular konnten wir Ihre Nachricht nicht senden. Bitte schreiben Sie uns an ${email}.`,
  tooLong: 'Ihre Nachricht ist zu lang. Bitte kürzen Sie sie und senden Sie das Formular erneut.',
  failed:
    'Ihre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es gleich noch einmal – Ihre Angaben bleiben erhalten.',
  network:
    'PharmaBridge ist gerade nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut – Ihre Angaben bleiben erhalten.',
  pageFailed: (email) =>
    `Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut oder schreiben Sie uns an ${email}.`,
  pageNetwork: (email) =>
    `Unsere Server sind gerade nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut, oder schreiben Sie uns an ${email}.`,
  tooMany: (minutes) =>
    `Von Ihrem Netzwerk kamen zu viele Anfragen. Bitte versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`,
  unavailableDialog:
    'Das Formular konnte nicht geladen werden. Bitte schließen Sie dieses Fenster und versuchen Sie es gleich noch einmal, oder schreiben Sie uns an ',
  previewNote: 'Eine Vorschau: Dieses Formular wird von hier aus nicht gesendet.',
  unavailableBlock:
    'Das Formular konnte nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder schreiben Sie uns an ',
  downloadBefore: 'Ihr Download startet automatisch. Falls nicht, ',
  downloadLink: 'laden Sie die Datei hier herunter',
  downloadAfter: '. Der Link ist 24 Stunden gültig.',
  dialog: {
    general: {
      title: 'Demo anfordern',
      description:
        'Erzählen Sie uns von Ihrem Datenprogramm: Eine Expertin oder ein Experte von PharmaBridge zeigt Ihnen in einer individuellen Demo, wie es mit Ihren eigenen Verträgen funktioniert.',
    },
    pricing: {
      title: 'Preisinformationen anfordern',
      description:
        'Beschreiben Sie uns Ihr Lieferantennetz, und wir erstellen Ihnen ein Angebot für das Paket, das zu Ihrem Programm passt.',
    },
  },
  gatedDescription:
    'Sagen Sie uns, wer Sie sind: Ihr Download-Link erscheint hier, sobald uns Ihre Angaben vorliegen.',
  problem: (message) => {
    const known = GERMAN_PROBLEMS[message];
    if (known) return known;
    const max = /^must be at most (\d+) characters$/.exec(message);
    if (max) return `darf höchstens ${max[1]} Zeichen lang sein`;
    if (message.startsWith('must be one of')) return 'enthält keine der angebotenen Möglichkeiten';
    return 'ist ungültig';
  },
};

export const FORM_MESSAGES: Record<FormLanguage, FormMessages> = { en: ENGLISH, de: GERMAN };

/** The forms' words for `locale` (the page's own when none is given). */
export const formMessages = (locale: string = pageLocale()): FormMessages =>
  FORM_MESSAGES[formLanguage(locale)];
