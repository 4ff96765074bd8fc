// The lead repository (functions/data/leads/lead-item.ts says what is stored and how it is
// read): one class built in layers, a module per concern (the split:
// docs/decisions/0441-data-modules-by-concern.md): storing and reading one lead (store.ts), lists (list.ts), the
// CSV export (export.ts), changes by a person (changes.ts), routing (routing.ts), and here
// erasure for a data-subject request (docs/decisions/0047-lead-audit-and-erasure.md).
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { leadFormId } from '../../shared/leads/basics.ts';
import { contactKey } from '../contacts.ts';
import { keys, SK } from '../keys.ts';
import { OUTBOX_SK } from '../outbox.ts';
import type { Lead } from './lead-item.ts';
import { LeadRouting } from './routing.ts';

export class LeadRepository extends LeadRouting {
  /**
   * Erases a lead for a data-subject request: its delivery first (nothing is forwarded
   * after this), then its timeline, then the lead. False when there was no such lead.
   * Run again after a failure, it deletes what is left.
   */
  async erase(id: string): Promise<boolean> {
    const items = await this.partition(id, true);
    if (items.length === 0) return false;
    const rank = (sk: unknown) => (sk === OUTBOX_SK ? 0 : sk === SK.lead ? 2 : 1);
    // The contact index item's key holds the e-mail: deleted before the lead, whose
    // e-mail and time a second run needs to find it.
    const leadItem = items.find((item) => item['sk'] === SK.lead);
    const contact =
      typeof leadItem?.['email'] === 'string' && typeof leadItem['createdAt'] === 'string'
        ? [keys.contactSubmission(contactKey(leadItem['email']), leadItem['createdAt'], id)]
        : [];
    // So is the form index item: its key holds the form and the time.
    const formId =
      leadItem && typeof leadItem['createdAt'] === 'string'
        ? leadFormId(leadItem as { formId?: string; formType: Lead['formType'] })
        : undefined;
    const form =
      formId && leadItem ? [keys.formLead(formId, String(leadItem['createdAt']), id)] : [];
    const deletions = [
      ...contact,
      ...form,
      ...items
        .map((item) => ({ pk: String(item['pk']), sk: String(item['sk']) }))
        .sort((a, b) => rank(a.sk) - rank(b.sk)),
    ];
    for (let start = 0; start < deletions.length; start += 25) {
      let requests: Record<string, unknown>[] = deletions
        .slice(start, start + 25)
        .map((key) => ({ DeleteRequest: { Key: key } }));
      // BatchWrite may leave some requests unprocessed under load; resend those.
      for (let round = 0; requests.length > 0; round++) {
        if (round > 0)
          await new Promise((done) => setTimeout(done, Math.min(1000, 50 * 2 ** round)));
        const result = await this.db.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: requests } }),
        );
        requests = (result.UnprocessedItems?.[this.table] ?? []) as Record<string, unknown>[];
        if (round > 8 && requests.length > 0) throw new Error('DynamoDB kept refusing the deletes');
      }
    }
    // A deleted form leaves the Form filter with its last lead.
    if (formId) await this.forms.forget(formId);
    return true;
  }
}
