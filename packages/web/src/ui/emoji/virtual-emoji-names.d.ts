/** build/emojiNames.ts: one locale's emoji names (emoji name → CLDR name). */
declare module 'virtual:emoji-names/*' {
  const names: Readonly<Record<string, string>>;
  export default names;
}
