/**
 * Bash functions of the completion script that read the line as the shell will run it and write a
 * reply as readline will insert it. bash hands a completion function the words as typed (`big\ d`,
 * `'big d`), which match no name once a quote or an escaped space is typed; and readline replaces
 * only the text after a quote left open (or after an unquoted word-break character such as `:`),
 * inserting the reply as it is, so a reply is quoted for that place (`printf %q` outside quotes,
 * `'\''` inside '…', `\$` inside "…"). Nothing typed is evaluated: the line is read a character at
 * a time.
 *
 * `_pagetui_read_line` reads `COMP_LINE` up to the cursor into `_pagetui_words` (each word without
 * its quotes; the last is the one being completed), `_pagetui_quote` (the quote open at the cursor,
 * or empty) and `_pagetui_kept` (how many characters of the last word lie before the text Tab
 * replaces). `_pagetui_quoted NAME` prints what replaces that text.
 */
export const BASH_LINE_FUNCTIONS = `_pagetui_read_line() {
  local line="\${COMP_LINE:0:COMP_POINT}" word="" quote="" c i started=0 opened=0 broken=0
  _pagetui_words=()
  for (( i = 0; i < \${#line}; i++ )); do
    c="\${line:i:1}"
    if [[ $quote == "'" ]]; then
      if [[ $c == "'" ]]; then quote=""; else word+="$c"; fi
    elif [[ $quote == '"' ]]; then
      if [[ $c == '"' ]]; then quote=""
      elif [[ $c == '\\' && "\${line:i+1:1}" == [\\\\\\$\\\`\\"] ]]; then word+="\${line:i+1:1}"; (( ++i ))
      else word+="$c"; fi
    elif [[ $c == [[:space:]] ]]; then
      (( started )) && _pagetui_words+=("$word")
      word="" started=0 broken=0
    else
      started=1
      case "$c" in
        '\\') word+="\${line:i+1:1}"; (( ++i )) ;;
        "'" | '"') quote="$c" opened=\${#word} ;;
        *) word+="$c"; [[ $COMP_WORDBREAKS == *"$c"* ]] && broken=\${#word} ;;
      esac
    fi
  done
  _pagetui_words+=("$word")
  _pagetui_quote="$quote"
  if [[ -n $quote ]]; then _pagetui_kept=$opened; else _pagetui_kept=$broken; fi
}

# The end of $1 that Tab replaces, quoted for where it goes: after an open quote, or outside quotes.
_pagetui_quoted() {
  local text="\${1:_pagetui_kept}" out="" c i
  if [[ -z $_pagetui_quote ]]; then
    [[ -n $text ]] && printf '%q' "$text"
    return 0
  fi
  for (( i = 0; i < \${#text}; i++ )); do
    c="\${text:i:1}"
    if [[ $_pagetui_quote == "'" && $c == "'" ]]; then out+="'\\\\''"
    elif [[ $_pagetui_quote == '"' && $c == [\\\\\\$\\\`\\"] ]]; then out+="\\\\$c"
    else out+="$c"; fi
  done
  printf '%s' "$out"
}
`;
