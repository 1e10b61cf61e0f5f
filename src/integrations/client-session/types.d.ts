// Lets `client:session` type-check on components (Astro's documented way to declare a directive).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:session'?: boolean;
  }
}
export {};
