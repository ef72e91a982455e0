// stripe-mock: Stripe's own mock of its API (pinned, installed by
// scripts/ensure-stripe-mock.sh), started on free loopback ports and
// stopped with the run. The shop sends it every Stripe request; a journey
// stands in for Stripe's hosted page and webhooks (signEvent).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';

export const STRIPE_KEYS = { secret: 'sk_test_stageshopE2e0000', webhook: 'whsec_stageshop_e2e_secret_0000' };

export async function startStripeMock() {
  const bin = process.env.STRIPE_MOCK_PATH;
  if (!bin || !existsSync(bin)) {
    throw new Error(`STRIPE_MOCK_PATH must point at stripe-mock (got ${JSON.stringify(bin)}); run scripts/ensure-stripe-mock.sh or \`make test-e2e\`.`);
  }
  const child = spawn(bin, ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  process.on('exit', () => child.kill('SIGKILL'));
  const url = await new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('stripe-mock did not start within 30 s')), 30_000);
    const read = (chunk) => {
      out += chunk;
      const m = /Listening for HTTP at address: (127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(`http://${m[1]}`);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => fail(new Error(`stripe-mock exited (${code}): ${out}`)));
  });
  async function stop() {
    if (child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  }
  return { url, stop };
}

/** The Stripe-Signature header Stripe sends with a payload (HMAC-SHA256 of "t.payload"). */
export function signEvent(payload, secret = STRIPE_KEYS.webhook) {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** A checkout.session.completed event for a paid hosted page, as Stripe sends it. */
export function sessionCompleted({ sessionId, orderId, attempt, shopId, amount }) {
  return JSON.stringify({
    id: `evt_e2e_${Date.now()}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2025-08-27.basil',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid',
        amount_total: Math.round(amount * 100), currency: 'usd', client_reference_id: orderId,
        payment_intent: `pi_e2e_${orderId}`, metadata: { orderId, attempt: String(attempt), shopId },
      },
    },
  });
}
