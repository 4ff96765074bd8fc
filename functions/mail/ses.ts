// Amazon SES (API v2) transport, used in AWS. The Lambda's role may send only from the
// configured sender's identity (infra/constructs/api.ts).
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer, MailMessage } from './mailer.ts';

export class SesMailer implements Mailer {
  readonly transport = 'ses';
  private readonly client: SESv2Client;
  private readonly from: string;

  constructor(client: SESv2Client, from: string) {
    this.client = client;
    this.from = from;
  }

  async send(message: MailMessage): Promise<void> {
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: message.to },
        ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  }
}
