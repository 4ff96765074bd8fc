// What happened to a new lead on its way out: the notification e-mail and the CRM webhook
// delivery with each attempt, and a manual retry. Governed by
// docs/decisions/0045-notification-status.md and docs/decisions/0046-crm-webhook-outbox.md.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Delivery,
  LeadDetail,
  LeadNotification,
} from '../../../../functions/shared/leads/lead.ts';
import { describeError } from '../api.ts';
import { Icon } from '../icons.tsx';
import { useToast } from '../toast.tsx';
import { Button, Tooltip } from '../ui.tsx';
import { shortTime } from './format.ts';
import { detailKey, refreshLeads, retryDelivery } from './leads-api.ts';

/** Whether the team was e-mailed about the lead. */
export function NotificationSection({
  notification,
  headingId,
}: {
  notification: LeadNotification | undefined;
  headingId: string;
}) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
        <Icon name="mail" /> Notification email
      </h3>
      <p className="mt-2 text-sm text-slate-700" data-testid="notification-status">
        {notificationText(notification)}
      </p>
    </section>
  );
}

function notificationText(notification: LeadNotification | undefined): string {
  switch (notification?.status) {
    case 'sent':
      return notification.transport === 'log'
        ? `Written to the server log ${notification.at ? shortTime(notification.at) : ''}: no mail server is configured (SMTP_URL or SES).`
        : `Sent ${notification.at ? shortTime(notification.at) : ''} (${notification.transport ?? 'mail'}).`;
    case 'failed':
      return `Failed ${notification.at ? shortTime(notification.at) : ''}: ${notification.error ?? 'the mail transport refused it'}. The lead is kept; the team was not told by email.`;
    case 'pending':
      return 'Sending was started; no outcome was recorded.';
    case 'skipped':
      return 'Not sent: spam notifies nobody.';
    case 'not-configured':
      return 'Not sent: no recipients were set (Account, Lead routing).';
    default:
      return 'No record (the lead predates notification tracking).';
  }
}

const DELIVERY_TEXT: Record<Delivery['status'], string> = {
  pending: 'Waiting for delivery',
  delivered: 'Delivered',
  failed: 'Failed after every retry',
  cancelled: 'Cancelled: marked as spam',
};

export function DeliverySection({ detail, headingId }: { detail: LeadDetail; headingId: string }) {
  const { lead, delivery } = detail;
  const client = useQueryClient();
  const toast = useToast();
  const retry = useMutation({
    mutationFn: () => retryDelivery(lead.id),
    onSuccess: (next) => {
      client.setQueryData(detailKey(lead.id), next);
      refreshLeads(client);
      const last = next.delivery?.attempts.at(-1);
      toast(
        last?.outcome === 'delivered'
          ? { title: 'Delivered to the CRM' }
          : {
              title: 'The CRM did not accept the lead',
              description: last?.error ?? 'See the attempts in the lead.',
              variant: 'destructive',
            },
      );
    },
    onError: (error) =>
      toast({
        title: 'Failed to retry the delivery',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  const canRetry =
    detail.webhookConfigured && (delivery?.status === 'failed' || delivery?.status === 'pending');
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-ink">
        CRM webhook
      </h3>
      {!delivery ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="delivery-status">
          {lead.status === 'spam'
            ? 'Not forwarded: spam is never sent to the CRM.'
            : detail.webhookConfigured
              ? 'Not forwarded: the lead arrived before the webhook was set up.'
              : 'Not forwarded: the CRM webhook was off (Account, Lead routing).'}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700" data-testid="delivery-status">
            {DELIVERY_TEXT[delivery.status]}
            {delivery.status === 'delivered' && delivery.deliveredAt
              ? ` ${shortTime(delivery.deliveredAt)}`
              : ''}
            {delivery.status === 'pending' && delivery.nextAttemptAt
              ? `; next attempt ${shortTime(delivery.nextAttemptAt)}`
              : ''}
            .
          </p>
          {delivery.attempts.length > 0 && (
            <ol className="mt-2 grid gap-1 text-sm" aria-label="Delivery attempts">
              {delivery.attempts.map((attempt, index) => (
                <li key={`${attempt.at}-${index}`} className="flex flex-wrap gap-x-2">
                  <time dateTime={attempt.at} className="text-slate-600">
                    {shortTime(attempt.at)}
                  </time>
                  <span
                    className={attempt.outcome === 'delivered' ? 'text-brand-800' : 'text-red-800'}
                  >
                    {attempt.outcome === 'delivered'
                      ? `delivered (${attempt.httpStatus ?? 'ok'})`
                      : `failed: ${attempt.error ?? `answered ${attempt.httpStatus}`}`}
                  </span>
                  {attempt.trigger === 'manual' && (
                    <span className="text-slate-600">(by hand)</span>
                  )}
                </li>
              ))}
            </ol>
          )}
          {canRetry && (
            <Tooltip content="Send the lead to the CRM once more, now; the automatic schedule is not changed">
              <Button className="mt-3" disabled={retry.isPending} onClick={() => retry.mutate()}>
                {retry.isPending ? 'Sending...' : 'Retry now'}
              </Button>
            </Tooltip>
          )}
        </>
      )}
    </section>
  );
}
