// Schema.org Organization data for the home pages (`/` and `/site`). Claims in it use
// content/claims.json's wording like every visible page
// (docs/decisions/0113-claims-in-structured-data.md).
import { certification } from './claims.ts';

export function organizationJsonLd(site: URL): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'PharmaBridge',
    legalName: 'PharmaBridge, Inc.',
    url: new URL('/', site).href,
    logo: new URL('/favicon.svg', site).href,
    description: `PharmaBridge is a data-exchange platform (${certification('hipaa').short}) on which pharmaceutical manufacturers publish data contract rules and suppliers deliver validated, tokenized, contract-compliant data.`,
    foundingDate: '2021',
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'San Francisco',
      addressRegion: 'CA',
      addressCountry: 'US',
    },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        email: 'sales@pharmabridge.com',
        telephone: '+1-415-555-0142',
        areaServed: 'US',
        availableLanguage: 'English',
      },
    ],
  };
}
