/**
 * Outgoing mail over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587; smtps:// for TLS
 * from the start) with nodemailer. Absent SMTP_URL, the server sends no mail and the
 * app tells users to ask their operator to reset a password.
 */
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
