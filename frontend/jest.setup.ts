import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { installFetchPolyfill } from './src/test/fetch-polyfill';
import { installIntersectionObserverStub } from './src/test/intersection-observer-stub';

// jsdom lacks the encoding API (react-router needs it at import time) and the Fetch API (RTK Query).
Object.assign(globalThis, { TextEncoder, TextDecoder });
installFetchPolyfill();
// Route changes restore the scroll position; jsdom does not lay out or scroll.
window.scrollTo = () => undefined;
// jsdom does no layout, so nothing intersects by itself; tests reveal elements with scrollIntoView.
installIntersectionObserverStub();
