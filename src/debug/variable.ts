// What the debugger shows of a value, wherever it comes from (arguments, locals, storage, globals): a name, a value
// as text, and what it opens into. The adapter turns it into DAP variables (variable-pages.ts).

export interface Variable {
  name: string;
  value: string;
  type?: string;
  /** For the memory view. */
  memoryReference?: string;
  /** Fields, elements or entries it opens into. */
  children?: Variable[];
  /** An array too long to list at once: its elements, read one by one as a client pages through them. */
  elements?: Elements;
  /** Where a state variable of a value type lives, for data breakpoints. */
  storage?: StorageRef;
}

/** `length` elements, `at(i)` reading element i (0 <= i < length) only when it is asked for. */
export interface Elements {
  length: number;
  at(index: number): Variable;
}

/** A value in storage: `size` bytes at byte `offset` (from the low-order end) of `slot` of `account`. */
export interface StorageRef {
  account: string;
  slot: bigint;
  offset: number;
  size: number;
}

/** Arrays longer than this are paged: a client asks for the elements it shows (DAP indexedVariables). */
export const LISTED_ELEMENTS = 100;
