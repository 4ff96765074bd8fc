// /api/admin/contacts/:email: one person, that is every submission with this e-mail address
// (case ignored), with the status changes, owner changes and notes of all its leads merged
// into one timeline (issue 26, docs/decisions/0184-contact-index.md). The submissions
// come from the contact index (functions/data/contacts.ts); each lead is then read whole.
// Reading a contact is not audited, as reading a lead is not.
import { Hono } from 'hono';
import * as z from 'zod';
import { contactKey, numberOf } from '../data/contacts.ts';
import { requirePermission, sameSiteReads } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { notFound } from '../lib/errors.ts';
import {
  contactSchema,
  type Contact,
  type ContactTimelineEntry,
} from '../shared/leads/contacts.ts';
import { type LeadSummary } from '../shared/leads/lead.ts';
import { defineRoute, mount } from './support/define-route.ts';

/** Leads a contact view reads at most, the newest (the rest are counted, not shown). */
export const CONTACT_MAX_LEADS = 50;

const emailParam = z.object({ email: z.email().max(254) });

export const getContact = defineRoute(
  {
    method: 'get',
    path: '/:email',
    permission: 'leads',
    scope: 'leads:read',
    summary: 'One person: every submission with this e-mail address and one merged timeline',
    request: { params: emailParam },
    responses: { 200: contactSchema },
  },
  async (c, { params }) => {
    const services = c.get('services');
    const email = contactKey(params.email);
    const index = services.leads.contacts;
    await index.ensureBuilt();
    const all = await index.submissions(email);
    if (all.length === 0) throw notFound('Contact');
    const newest = all.slice(-CONTACT_MAX_LEADS).reverse();
    const records = [];
    for (let start = 0; start < newest.length; start += 10) {
      records.push(
        ...(await Promise.all(
          newest.slice(start, start + 10).map((item) => services.leads.record(item.leadId)),
        )),
      );
    }
    // An index item whose lead is being erased right now is skipped.
    const found = records.filter((record) => record !== undefined);
    if (found.length === 0) throw notFound('Contact');
    const submissions: LeadSummary[] = found
      .map(({ lead }) => lead)
      .map(({ message: _message, notification: _notification, ...row }) => ({
        ...row,
        ...numberOf(all, row),
      }));
    const counted = submissions.filter((lead) => lead.status !== 'spam');
    const named = counted[0] ?? submissions[0]!;
    const seen = (counted.length ? counted : submissions).map((lead) => lead.createdAt).sort();
    const timeline: ContactTimelineEntry[] = [];
    for (const [index, { lead, timeline: entries }] of found.entries()) {
      const summary = submissions[index]!;
      timeline.push({
        kind: 'submission',
        at: lead.createdAt,
        leadId: lead.id,
        formType: lead.formType,
        ...(lead.formId ? { formId: lead.formId } : {}),
        ...(lead.formTitle ? { formTitle: lead.formTitle } : {}),
        status: lead.status,
        ...(summary.submission ? { submission: summary.submission } : {}),
      });
      for (const entry of entries) timeline.push({ ...entry, leadId: lead.id });
    }
    // Oldest first; a lead's submission before its own entries at the same instant.
    timeline.sort((a, b) =>
      a.at === b.at
        ? (a.kind === 'submission' ? 0 : 1) - (b.kind === 'submission' ? 0 : 1)
        : a.at < b.at
          ? -1
          : 1,
    );
    const owner = submissions.find((lead) => lead.owner)?.owner;
    return c.json<Contact>({
      email,
      name: named.name,
      company: named.company,
      ...(owner ? { owner } : {}),
      firstSeen: seen[0]!,
      lastSeen: seen.at(-1)!,
      submissions,
      timeline,
      truncated: all.length > newest.length,
    });
  },
);

export const contacts = mount(
  new Hono<AppEnv>().use(sameSiteReads).use(requirePermission('leads')),
  [getContact],
);
