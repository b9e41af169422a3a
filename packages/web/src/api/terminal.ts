/** The terminal rule lives in app/terminal.ts (issue 11); kept here for existing imports. */
export { currentTerminal, detectTerminal } from '../app/terminal';
