// An Automation API program in Go with an inline Pulumi program: a monitor with a secret header, a
// status page taken over, and the webhook subscriptions read with getWebhooks, all through the uptime
// provider plugin and the generated Go SDK (sdks/go). Run it against a service (or the emulator):
//
//	UPTIME_BASE_URL=http://127.0.0.1:8787/v1 UPTIME_API_KEY=... PROBE_TOKEN=... go run . up
//	go run . preview | refresh | destroy        # -interval 300 declares another interval
//
// The stack ("dev", or -stack) lives in the backend PULUMI_BACKEND_URL names; the engine finds the
// plugin as `pulumi plugin install` put it, or on PATH (a checkout's bin/).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/pulumi-uptime/pulumi-uptime/sdks/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// program declares the resources: what a Pulumi program in Go writes.
func program(interval int, pageUuid string) pulumi.RunFunc {
	return func(ctx *pulumi.Context) error {
		token := config.RequireSecret(ctx, "probeToken")
		api, err := uptime.NewMonitor(ctx, "api", &uptime.MonitorArgs{
			Name:     pulumi.String("go-api"),
			Type:     pulumi.String("https"),
			Target:   pulumi.String("https://go.example.com/health"),
			Regions:  pulumi.IntArray{pulumi.Int(1), pulumi.Int(2)},
			Interval: pulumi.Int(interval),
			HttpRequest: &uptime.HttpRequestArgs{
				Method:  pulumi.String("GET"),
				Headers: uptime.HttpHeaderArray{&uptime.HttpHeaderArgs{Name: pulumi.String("Authorization"), Value: token}},
			},
		})
		if err != nil {
			return err
		}
		if pageUuid != "" {
			_, err = uptime.NewPage(ctx, "status", &uptime.PageArgs{
				Uuid:      pulumi.String(pageUuid),
				Title:     pulumi.String("Go status"),
				UseGroups: pulumi.Bool(false),
				Items:     pulumi.StringArray{api.ID().ToStringOutput()},
			})
			if err != nil {
				return err
			}
		}
		hooks := uptime.GetWebhooksOutput(ctx, uptime.GetWebhooksOutputArgs{Topic: pulumi.String("monitors/status_change")})
		ctx.Export("uuid", api.ID())
		ctx.Export("interval", api.IntervalId)
		ctx.Export("statusHooks", hooks.Count())
		return nil
	}
}

func main() {
	interval := flag.Int("interval", 60, "the monitor's interval, in seconds")
	stackName := flag.String("stack", "dev", "the stack's name")
	pageUuid := flag.String("page", os.Getenv("PAGE_UUID"), "an existing status page to take over (optional)")
	flag.Parse()
	if err := run(context.Background(), flag.Arg(0), *stackName, *interval, *pageUuid); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, command, stackName string, interval int, pageUuid string) error {
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, "uptime-go", program(interval, pageUuid))
	if err != nil {
		return err
	}
	// The key as secret stack config, encrypted in the stack's settings and never in plain text in the state.
	settings := map[string]auto.ConfigValue{
		"uptime:baseUrl":       {Value: os.Getenv("UPTIME_BASE_URL")},
		"uptime:apiKey":        {Value: os.Getenv("UPTIME_API_KEY"), Secret: true},
		"uptime-go:probeToken": {Value: os.Getenv("PROBE_TOKEN"), Secret: true},
	}
	if err := stack.SetAllConfig(ctx, settings); err != nil {
		return err
	}
	out := optup.ProgressStreams(os.Stdout)
	switch command {
	case "up":
		result, err := stack.Up(ctx, out)
		if err != nil {
			return err
		}
		fmt.Printf("result: uuid=%v interval=%v statusHooks=%v\n", result.Outputs["uuid"].Value, result.Outputs["interval"].Value, result.Outputs["statusHooks"].Value)
	case "preview":
		result, err := stack.Preview(ctx, optpreview.ProgressStreams(os.Stdout), optpreview.Diff())
		if err != nil {
			return err
		}
		fmt.Printf("changes: %v\n", result.ChangeSummary)
	case "refresh":
		if _, err := stack.Refresh(ctx, optrefresh.ProgressStreams(os.Stdout)); err != nil {
			return err
		}
	case "destroy":
		if _, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stdout)); err != nil {
			return err
		}
	default:
		return fmt.Errorf("usage: go run . [-interval N] [-stack NAME] [-page UUID] up|preview|refresh|destroy (got %q)", command)
	}
	return nil
}
