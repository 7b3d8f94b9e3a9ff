import type { FeaturedChangedPush, IssuedOverlayToken, OverlayData, OverlayKind } from '@kickback/contracts';
import type { IntegrationStack } from '@kickback/testing';

/** A new token for the `kind` overlay, issued by the stack's admin as the Overlays screen does. */
export async function issueOverlayToken(stack: IntegrationStack, kind: OverlayKind): Promise<string> {
  return (await stack.admin.json<{ data: IssuedOverlayToken }>('POST', `/api/admin/overlays/${kind}/token`)).body.data.token;
}

/** What the `kind` overlay's page reads with `token` (/overlay/:kind/data). */
export async function overlayData<K extends OverlayKind>(
  stack: IntegrationStack,
  kind: K,
  token: string,
): Promise<Extract<OverlayData, { kind: K }>> {
  const res = await fetch(`${stack.api.url}/overlay/${kind}/data?token=${token}`);
  return ((await res.json()) as { data: Extract<OverlayData, { kind: K }> }).data;
}

/** The `kind` overlay's socket (closed with the stack), and every overlay:featured push it hears, as they come. */
export async function featuredPushes(stack: IntegrationStack, kind: OverlayKind, token: string): Promise<FeaturedChangedPush[]> {
  const socket = await stack.socket(null, { overlay: kind, token });
  const pushes: FeaturedChangedPush[] = [];
  socket.on('overlay:featured', (push: FeaturedChangedPush) => pushes.push(push));
  return pushes;
}
