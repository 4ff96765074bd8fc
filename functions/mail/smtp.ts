// SMTP transport (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465) through
// nodemailer, which handles TLS, authentication and header encoding.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

export class SmtpMailer implements Mailer {
  readonly transport = 'smtp';
  private readonly transporter: Transporter;
  private readonly from: string;

  constructor(url: string, from: string) {
    this.transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
    this.from = from;
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
  }
}
