import type { PayoutProof as Proof } from '@kickback/contracts';

/** A payout's proof: the transaction id or hash, the link and the screenshot, whichever the streamer gave. */
export function PayoutProof({ proof, label }: { proof: Proof; label: string }) {
  if (!proof.reference && !proof.url && !proof.image) return null;
  return (
    <span className="payout-proof" data-testid="payout-proof">
      {proof.reference && (
        <span>
          Transaction: <code className="payout-proof__reference">{proof.reference}</code>
        </span>
      )}
      {proof.url && (
        <a href={proof.url} target="_blank" rel="noopener noreferrer nofollow" aria-label={`Proof link: ${label}`}>
          Proof link
        </a>
      )}
      {proof.image && (
        <a href={proof.image} target="_blank" rel="noopener noreferrer" aria-label={`Proof screenshot: ${label}`}>
          Screenshot
        </a>
      )}
    </span>
  );
}
