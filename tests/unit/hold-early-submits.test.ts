// A submit in an island's form before the island's form is ready (not hydrated, or a
// client:interaction form that has not taken over what was typed) is held and marked, never sent by
// the browser itself; one in a ready island, or outside any island, is left alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlySubmits } from '../../src/page-scripts/hold-early-submits.ts';
import { FORM_READY_ATTRIBUTE, HELD_SUBMIT_EVENT, PENDING_SUBMIT_ATTRIBUTE } from '../../src/integrations/client-directives/held-submit.ts';

class FakeElement {
  attributes = new Map<string, string>();
  dispatched: string[] = [];
  constructor(private readonly island: FakeElement | null) {}
  closest(selector: string) {
    return selector === 'astro-island' ? this.island : null;
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value = '') {
    this.attributes.set(name, value);
  }
  dispatchEvent(event: Event) {
    this.dispatched.push(event.type);
    return true;
  }
}

/** An island as Astro writes it: `ssr` until it has hydrated, and its directive. */
function island(directive: string, hydrated: boolean, ready = false) {
  const element = new FakeElement(null);
  element.setAttribute('client', directive);
  if (!hydrated) element.setAttribute('ssr');
  if (ready) element.setAttribute(FORM_READY_ATTRIBUTE);
  return element;
}

/** Installs the listener on a fake document and returns a function that submits from `target`. */
function install() {
  let listener: (event: Event) => void = () => undefined;
  let focus: (event: Event) => void = () => undefined;
  let capture: unknown;
  vi.stubGlobal('Element', FakeElement);
  vi.stubGlobal('document', {
    addEventListener: (type: string, l: (event: Event) => void, options: unknown) => {
      if (type === 'focusin') focus = l;
      if (type !== 'submit') return;
      listener = l;
      capture = options;
    },
  });
  const useNow = vi.fn();
  holdEarlySubmits(useNow);
  const submit = (target: unknown) => {
    const event = { target, preventDefault: vi.fn(), stopPropagation: vi.fn() };
    listener(event as unknown as Event);
    return event;
  };
  const focusIn = (target: unknown) => focus({ target } as unknown as Event);
  return { submit, capture, useNow, focusIn };
}

describe('holdEarlySubmits', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('wants the islands at once when focus moves into an island that has not hydrated, and only then', () => {
    const { focusIn, useNow } = install();
    const hydrated = island('interaction', true);
    hydrated.closest = () => null;
    focusIn(hydrated);
    focusIn(null);
    expect(useNow).not.toHaveBeenCalled();
    const waiting = island('interaction', false);
    waiting.closest = (selector: string) => (selector === 'astro-island[ssr]' ? waiting : null);
    focusIn(waiting);
    expect(useNow).toHaveBeenCalledTimes(1);
  });

  it('listens while capturing, before anything in the island', () => {
    expect(install().capture).toBe(true);
  });

  it.each([
    ['an island that has not hydrated', island('visible', false)],
    ['a client:interaction form that has hydrated but not taken over what was typed', island('interaction', true)],
  ])('holds a submit in %s, marks the island and tells its directive', (_name, target) => {
    const { submit, useNow } = install();
    const event = submit(new FakeElement(target));
    // The islands' code is wanted at once.
    expect(useNow).toHaveBeenCalledTimes(1);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(event.stopPropagation).toHaveBeenCalled();
    expect(target.hasAttribute(PENDING_SUBMIT_ATTRIBUTE)).toBe(true);
    expect(target.dispatched).toEqual([HELD_SUBMIT_EVENT]);
  });

  it('leaves hydrated islands that are ready, and forms outside any island, to themselves', () => {
    const { submit, useNow } = install();
    const ready = [island('interaction', true, true), island('painted', true), island('visible', true)];
    for (const target of [...ready.map((r) => new FakeElement(r)), new FakeElement(null), null]) {
      const event = submit(target);
      expect(event.preventDefault).not.toHaveBeenCalled();
      expect(event.stopPropagation).not.toHaveBeenCalled();
    }
    for (const r of ready) expect(r.hasAttribute(PENDING_SUBMIT_ATTRIBUTE)).toBe(false);
    expect(useNow).not.toHaveBeenCalled();
  });
});
