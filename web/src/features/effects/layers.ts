/*
 * Where the effects sit: over the top bar (MUI's drawer level + 1) and the drawer (1200), under
 * dialogs (1300) and toasts (1400). Plain numbers, so the effects need no MUI code: the login
 * page's shared chunks stay as they are.
 */
export const EFFECTS_Z_INDEX = 1202;
