/**
 * jsdom has no IntersectionObserver (it does no layout). This stand-in records what is observed, and a test
 * says when targets come into view with `scrollIntoView`.
 */
class TestIntersectionObserver {
  static readonly live = new Set<TestIntersectionObserver>();
  private readonly targets = new Set<Element>();

  constructor(private readonly callback: IntersectionObserverCallback) {}

  observe(target: Element): void {
    this.targets.add(target);
    TestIntersectionObserver.live.add(this);
  }

  unobserve(target: Element): void {
    this.targets.delete(target);
  }

  disconnect(): void {
    this.targets.clear();
    TestIntersectionObserver.live.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports every observed target matching `selector` as intersecting. */
  reveal(selector: string): void {
    const entries = [...this.targets]
      .filter((t) => t.matches(selector))
      .map((target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry);
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

export function installIntersectionObserverStub(): void {
  Object.assign(globalThis, { IntersectionObserver: TestIntersectionObserver });
}

/** Brings the observed elements matching `selector` into view for every live observer. */
export function scrollIntoView(selector: string): void {
  for (const observer of [...TestIntersectionObserver.live]) observer.reveal(selector);
}
