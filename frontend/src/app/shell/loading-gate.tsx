import { useEffect, useState, type ReactNode } from 'react';
import type { Theme } from '@kickback/contracts';
import { LoadingScreen } from './loading-screen';
import { useLoaderProgress } from './use-loader-progress';
import './loading-gate.css';

/** SPEC §9: the content fades in 100 ms after loading ends. */
export const CONTENT_REVEAL_DELAY_MS = 100;
/** How long the loader takes to fade away over the revealed content. */
export const LOADER_FADE_MS = 250;

type Phase = 'loading' | 'revealing' | 'done';

interface LoadingGateProps {
  loading: boolean;
  siteName: string;
  loaderStyle: Theme['loader_style'];
  children: ReactNode;
}

/**
 * Renders the page underneath the loader from the start so route chunks and data load in parallel.
 * The content is shown at full opacity and the loader fades out over it, so nothing on the page is
 * ever half-transparent (which would also upset contrast checks).
 */
export function LoadingGate({ loading, siteName, loaderStyle, children }: LoadingGateProps) {
  const [phase, setPhase] = useState<Phase>(loading ? 'loading' : 'done');
  const progress = useLoaderProgress(phase === 'loading');

  useEffect(() => {
    if (loading) {
      setPhase('loading');
      return undefined;
    }
    const reveal = setTimeout(() => setPhase('revealing'), CONTENT_REVEAL_DELAY_MS);
    const finish = setTimeout(() => setPhase('done'), CONTENT_REVEAL_DELAY_MS + LOADER_FADE_MS);
    return () => {
      clearTimeout(reveal);
      clearTimeout(finish);
    };
  }, [loading]);

  const revealed = phase !== 'loading';
  return (
    <>
      {phase !== 'done' && (
        <LoadingScreen siteName={siteName} progress={progress} loaderStyle={loaderStyle} leaving={phase === 'revealing'} />
      )}
      <div className={revealed ? 'app-content app-content--visible' : 'app-content'} aria-hidden={!revealed} inert={!revealed}>
        {children}
      </div>
    </>
  );
}
