// What the forms specs' custom forms share (e2e/forms.spec.ts, e2e/form-block.spec.ts): the
// hidden fields that carry the visit's campaign from the URL and the page's id into the lead.
import type { FormDefinitionInput } from '../functions/shared/forms/definition.ts';

export const ATTRIBUTION_FIELDS: FormDefinitionInput['fields'] = [
  {
    name: 'campaign',
    label: 'Campaign',
    type: 'hidden',
    fill: { from: 'url', param: 'utm_campaign' },
  },
  { name: 'page', label: 'Page', type: 'hidden', fill: { from: 'page', value: 'pageId' } },
];
