// Command secprobe replays the attacks of the security issue (round three)
// against the real binary on loopback, with Mailpit as the SMTP server, and
// prints what each one achieved: status codes, e-mail counts, timings and
// held connections. Run it before and after a fix to get both figures.
//
//	cd bench && go run ./secprobe -bin ../stageshop -mailpit $(GO=go ../scripts/ensure-mailpit.sh)
//
// Every server and data dir it starts is stopped and removed at the end.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
)

func main() {
	bin := flag.String("bin", "../stageshop", "the stageshop binary")
	mailpit := flag.String("mailpit", "", "the Mailpit binary (scripts/ensure-mailpit.sh)")
	only := flag.String("only", "1,3,5,6,7,8,10", "the items to probe (3b: a reset behind a backlog)")
	flag.Parse()
	if *mailpit == "" {
		log.Fatal("-mailpit is required (scripts/ensure-mailpit.sh prints its path)")
	}
	s, err := startShop(*bin, *mailpit)
	if err != nil {
		log.Fatal(err)
	}
	defer s.stop()
	probes := map[string]func(*shop) error{
		"1": probeResetSecret, "3": probeOrderMail, "3b": probeBacklog, "5": probeResetAfterChange, "6": probeContactRelay,
		"7": probeUnpaidOrders, "8": probeCSV, "10": probeForgotTiming,
	}
	failed := false
	for _, item := range strings.Split(*only, ",") {
		p, ok := probes[strings.TrimSpace(item)]
		if !ok {
			log.Fatalf("no probe for item %q", item)
		}
		fmt.Printf("\n== item %s\n", item)
		if err := p(s); err != nil {
			fmt.Printf("   probe error: %v\n", err)
			failed = true
		}
	}
	if failed {
		s.stop()
		os.Exit(1)
	}
}
