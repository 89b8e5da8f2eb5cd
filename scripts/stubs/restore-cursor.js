// Stands in for restore-cursor (through ink's cli-cursor): it writes the cursor-show sequence to
// standard error at exit even when standard error is a file, so `pagetui 2>>log` collected it.
// The app shows the cursor on the terminal itself on every way out (src/ui/terminal.ts).
export default function restoreCursor() {}
