// What the dashboard shows of values that work as secrets: whoever holds a Slack, Discord or
// webhook URL can post to it, and phone numbers are personal. A screenshot of the dashboard
// should leak neither, so these are cut down before they are rendered.

const MASK = "•••";

/** `https://hooks.slack.com/services/T0/B0/x` -> `https://hooks.slack.com/…`; not a URL -> fully masked. */
export function maskUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return MASK;
  }
  if (url.host === "") return `${url.protocol}${MASK}`;
  const rest = url.pathname.length > 1 || url.search !== "" || url.hash !== "" ? "/…" : "";
  return `${url.protocol}//${url.host}${rest}`;
}

/** Only the last digits of a phone number: 4 of a full number, none of one too short to hide the rest. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, "");
  const shown = digits.length >= 8 ? digits.slice(-4) : "";
  return `${MASK}${shown}`;
}

/** A recipient's target as the dashboard shows it: email addresses as they are, everything else masked. */
export function maskRecipientTarget(type: string, target: string): string {
  switch (type) {
    case "email":
      return target;
    case "sms":
    case "call":
      return maskPhone(target);
    case "slack":
    case "discord":
    case "webhook":
      return maskUrl(target);
    default:
      return MASK;
  }
}

/** A monitor's target with any password in it masked (`https://user:•••@host/…`). */
export function maskTarget(urn: string): string {
  const credential = /^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^/@]*@/i;
  return urn.replace(credential, `$1:${MASK}@`);
}
