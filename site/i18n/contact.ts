// The contact page's copy by language (issue 39): the English the page always said, and the
// German a German marketing team would sign (formal "Sie"). The form itself is the contact
// form island's (site/islands/contact), which reads the language from <html lang>.

export interface ContactText {
  title: string;
  description: string;
  heading: string;
  intro: string;
  formHeading: string;
  /** "Fields marked * are required." around the asterisk, and the asterisk's spoken name. */
  requiredBefore: string;
  requiredAsterisk: string;
  requiredAfter: string;
  otherWays: string;
  infoHeading: string;
  email: string;
  phone: string;
  location: string;
  reply: string;
  enterpriseHeading: string;
  enterpriseText: string;
}

export const englishContact: ContactText = {
  title: 'Contact PharmaBridge | Sales, Support and Partnerships',
  description:
    'Contact PharmaBridge for demos, pricing, technical support or partnerships. Email, call or send us a message; we reply within 24 hours.',
  heading: 'Get in Touch',
  intro:
    'Questions about the platform, pricing or security? Our team of pharmaceutical data specialists is here to help.',
  formHeading: 'Send us a Message',
  requiredBefore: 'Fields marked',
  requiredAsterisk: 'with an asterisk',
  requiredAfter: 'are required.',
  otherWays: 'Other ways to reach us',
  infoHeading: 'Contact Information',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  reply:
    'We reply to every message within 24 hours on business days. For urgent matters, please call us.',
  enterpriseHeading: 'Enterprise Customers',
  enterpriseText:
    'Running an enterprise data program or need a security review, BAA or custom SLA? Reach our enterprise team directly.',
};

export const germanContact: ContactText = {
  title: 'Kontakt: Vertrieb, Support und Partnerschaften | PharmaBridge',
  description:
    'Kontaktieren Sie PharmaBridge für Demos, Preise, technischen Support oder Partnerschaften. Schreiben Sie uns, rufen Sie an oder senden Sie eine Nachricht – wir antworten innerhalb von 24 Stunden.',
  heading: 'Sprechen Sie uns an',
  intro:
    'Sie haben Fragen zur Plattform, zu den Preisen oder zur Sicherheit? Unser Team aus Spezialistinnen und Spezialisten für pharmazeutische Daten hilft Ihnen gern weiter.',
  formHeading: 'Senden Sie uns eine Nachricht',
  requiredBefore: 'Mit',
  requiredAsterisk: 'einem Sternchen',
  requiredAfter: 'gekennzeichnete Felder sind Pflichtfelder.',
  otherWays: 'Weitere Kontaktmöglichkeiten',
  infoHeading: 'Kontaktinformationen',
  email: 'E-Mail',
  phone: 'Telefon',
  location: 'Standort',
  reply:
    'Wir beantworten jede Nachricht an Werktagen innerhalb von 24 Stunden. In dringenden Fällen rufen Sie uns bitte an.',
  enterpriseHeading: 'Enterprise-Kunden',
  enterpriseText:
    'Sie betreiben ein unternehmensweites Datenprogramm oder benötigen eine Sicherheitsprüfung, ein BAA oder ein individuelles SLA? Wenden Sie sich direkt an unser Enterprise-Team.',
};
