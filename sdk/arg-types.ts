// Input types where a schema type says less than the provider accepts: the tables' `ts` name them.
import type { AnyCase } from "./spellings";

/** A whole number written as a string, e.g. `"60"`: the API's document quotes intervals, so the provider accepts either and sends a number. */
export type WholeNumberString = `${bigint}`;

/** The HTTP methods a check request may use, as the service stores them. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

/** An expected status: a code (`"200"`) or a range (`"200-299"`), each 100-599, in quotes. */
export type HttpStatusArg = `${bigint}` | `${bigint}-${bigint}`;

/** A monitor type: `https`, `http` or `tcp` are checked; another value is sent as written, with a warning. */
export type MonitorType = "https" | "http" | "tcp" | (string & {});

/** A day of the week, 0-7: 1 is Monday, 0 and 7 are both Sunday. A numeric string (`"1"`) is accepted too. */
export type MaintenanceDayArg = number | "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7";

/** The kinds of alert recipient, as the service stores them. */
export type AlertRecipientType = "email" | "sms" | "call" | "slack" | "discord" | "webhook";

/** A kind of alert recipient as a program may write it: in any letter case (`"Slack"`, `"SMS"`); it is stored in lower case. */
export type AlertRecipientTypeArg = AnyCase<AlertRecipientType>;
