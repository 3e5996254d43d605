/**
 * The SMTP capture Foyer's own e-mail tests and the browser tests' mail server use: the testing kit's
 * (server/testing-kit/smtp.ts, public as `startTestSmtpServer`), with every option. Test-only; not built.
 */
export { startSmtpCapture, type CapturedMessage, type SmtpCapture, type SmtpCaptureOptions } from "../testing-kit/smtp.js";
