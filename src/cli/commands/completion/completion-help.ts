/** `pagetui completion --help`. */
export const COMPLETION_HELP = `pagetui completion — shell completion for commands, flags, profiles and views

USAGE
  pagetui completion bash|zsh|fish

Prints a script that completes pagetui's commands, their flags, the values of --theme and
--format, file names after --har and --log, and the profile and view names of your config file
(read when you press Tab, so a new profile completes at once).

INSTALL
  bash   echo 'source <(pagetui completion bash)' >> ~/.bashrc
  zsh    pagetui completion zsh > "\${fpath[1]}/_pagetui"   (or: source <(pagetui completion zsh)
         after compinit in ~/.zshrc)
  fish   pagetui completion fish > ~/.config/fish/completions/pagetui.fish

See docs/completions.md.
`;
