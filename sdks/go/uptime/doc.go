// Monitors, alerts and status pages of the uptime-monitoring and status-page service, declared in code.
package uptime
