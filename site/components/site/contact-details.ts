// PharmaBridge's published contact points, shared by the contact and pilot pages. The
// phone number is in the 555-01xx range reserved for fiction.
export const CONTACT = {
  email: 'contact@pharmabridge.com',
  enterpriseEmail: 'enterprise@pharmabridge.com',
  phone: '+1 (415) 555-0142',
  phoneHref: '+14155550142',
  location: 'San Francisco, CA',
} as const;
