// Mail over SMTP with nodemailer, configured by one URL (smtp://user:pass@host:587, smtps://… for TLS).
import nodemailer from 'nodemailer';
import { MessagingError, type Mailer } from './types';

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(to, message) {
      try {
        const info = await transport.sendMail({ from: options.from, to, subject: message.subject, text: message.text, html: message.html });
        return { messageId: info.messageId };
      } catch (error) {
        // nodemailer's messages can quote the server's greeting but never the credentials of the URL.
        const reason = error instanceof Error ? error.message : 'unknown error';
        throw new MessagingError('smtp_failed', `SMTP delivery failed: ${reason}`, { cause: error });
      }
    },
  };
}
