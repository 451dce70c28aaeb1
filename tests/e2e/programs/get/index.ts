// Reads, by uuid, objects it does not manage (`get:monitor`, `get:page`, `get:alert`): a monitor of another
// stack and the service's page and alert; destroying this stack leaves them as they are.
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const monitor = uptime.Monitor.get("their-monitor", config.require("monitor"));
const page = uptime.Page.get("their-page", config.require("page"));
const alert = uptime.Alert.get("their-alert", config.require("alert"));

export const monitorName = monitor.name;
export const monitorTarget = monitor.target;
export const monitorInterval = monitor.intervalId;
export const monitorAlerts = monitor.alerts;
export const pageSlug = page.slug;
export const pageItems = page.items;
export const alertRecipients = alert.recipients.apply((rs) => rs.map((r) => `${r.type}:${r.target}`));
export const isMonitor = uptime.Monitor.isInstance(monitor) && !uptime.Monitor.isInstance(page);
