import { useEffect, useState, type ReactNode } from 'react';
import type { Theme } from '@kickback/contracts';
import { LoadingScreen } from './loading-screen';
import { useLoaderProgress } from './use-loader-progress';
import './loading-gate.css';

/** SPEC §9: the content fades in 100 ms after loading ends. */
export const CONTENT_REVEAL_DELAY_MS = 100;

interface LoadingGateProps {
  loading: boolean;
  siteName: string;
  loaderStyle: Theme['loader_style'];
  children: ReactNode;
}

/**
 * Renders the page underneath the loader from the start so route chunks and data load in parallel,
 * then swaps the loader for the faded-in content.
 */
export function LoadingGate({ loading, siteName, loaderStyle, children }: LoadingGateProps) {
  const [revealed, setRevealed] = useState(!loading);
  const progress = useLoaderProgress(!revealed);

  useEffect(() => {
    if (loading) {
      setRevealed(false);
      return undefined;
    }
    const timer = setTimeout(() => setRevealed(true), CONTENT_REVEAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  return (
    <>
      {!revealed && <LoadingScreen siteName={siteName} progress={progress} loaderStyle={loaderStyle} />}
      <div className={revealed ? 'app-content app-content--visible' : 'app-content'} aria-hidden={!revealed} inert={!revealed}>
        {children}
      </div>
    </>
  );
}
