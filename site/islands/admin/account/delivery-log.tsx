// Lead routing's "Last 20 deliveries": each lead delivery and test delivery to the CRM
// webhook, with its outcome and the receiver's status (a table on wide screens, one card per
// delivery below 640 px), and Refresh. Governed by docs/decisions/0180-lead-routing-settings.md
// and docs/decisions/0046-crm-webhook-outbox.md.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { DeliveryLogEntry } from '../../../../functions/shared/leads/settings.ts';
import { describeError, formatTime } from '../api.ts';
import { Button, FormAlert, Tooltip } from '../ui.tsx';
import { deliveriesQuery } from './account-api.ts';

function statusText(entry: DeliveryLogEntry): string {
  if (entry.httpStatus !== undefined) return `Answered ${entry.httpStatus}`;
  return entry.error ? entry.error.charAt(0).toUpperCase() + entry.error.slice(1) : '';
}

export function DeliveryLogList() {
  const log = useQuery(deliveriesQuery);
  const ids = useId();
  const deliveries = log.data?.deliveries ?? [];
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-ink" id={`${ids}-log`}>
          Last 20 deliveries
        </h3>
        <Tooltip content="Reloads the list of the last 20 lead deliveries and test deliveries.">
          <Button variant="ghost" onClick={() => void log.refetch()} disabled={log.isFetching}>
            Refresh
          </Button>
        </Tooltip>
      </div>
      {log.isError && (
        <FormAlert message={`The deliveries could not be loaded: ${describeError(log.error)}`} />
      )}
      {log.isSuccess && deliveries.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">No deliveries yet.</p>
      )}
      {deliveries.length > 0 && (
        <div className="mt-2 hidden sm:block">
          <table
            className="w-full text-left text-sm"
            aria-labelledby={`${ids}-log`}
            data-testid="lead-deliveries"
          >
            <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Time
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Delivery
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Outcome
                </th>
                <th scope="col" className="py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-700">
                    {formatTime(entry.at)}
                  </td>
                  <td className="py-2 pr-3 text-slate-800">
                    {entry.kind === 'test' ? (
                      'Test delivery'
                    ) : (
                      <span>
                        Lead <span className="font-mono text-xs">{entry.leadId?.slice(0, 8)}</span>
                        {entry.trigger === 'manual' ? ' (retried by hand)' : ''}
                      </span>
                    )}
                    {entry.host && (
                      <span className="block text-xs text-slate-500">to {entry.host}</span>
                    )}
                  </td>
                  <td className="py-2 pr-3">
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${entry.outcome === 'delivered' ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
                    >
                      {entry.outcome === 'delivered' ? 'Delivered' : 'Failed'}
                    </span>
                  </td>
                  <td className="py-2 text-slate-700">{statusText(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deliveries.length > 0 && (
        // Below 640 px one card per delivery instead of the table's four columns.
        <ul className="mt-2 grid gap-2 sm:hidden" aria-labelledby={`${ids}-log`}>
          {deliveries.map((entry, index) => (
            <li
              key={`${entry.at}-${index}`}
              className="rounded-md border border-slate-200 p-3 text-sm"
            >
              <div className="flex items-start justify-between gap-2">
                <span className="text-slate-800">
                  {entry.kind === 'test'
                    ? 'Test delivery'
                    : `Lead ${entry.leadId?.slice(0, 8) ?? ''}`}
                  {entry.kind === 'lead' && entry.trigger === 'manual' ? ' (retried by hand)' : ''}
                </span>
                <span
                  className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${entry.outcome === 'delivered' ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
                >
                  {entry.outcome === 'delivered' ? 'Delivered' : 'Failed'}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {formatTime(entry.at)}
                {entry.host ? `, to ${entry.host}` : ''}
              </p>
              <p className="mt-1 text-slate-700">{statusText(entry)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
