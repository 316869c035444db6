// The languages a fenced code block is highlighted in: those code is commonly written in. A fence naming another
// language (highlight.js knows about 190) is shown in the plain code style, as is one naming none; registering every
// grammar would load 1.4 MB of source and several MB of heap into each session for languages rarely seen.
import type hljs from 'highlight.js/lib/core.js';
import bashLanguage from 'highlight.js/lib/languages/bash.js';
import shellLanguage from 'highlight.js/lib/languages/shell.js';
import cLanguage from 'highlight.js/lib/languages/c.js';
import cppLanguage from 'highlight.js/lib/languages/cpp.js';
import csharpLanguage from 'highlight.js/lib/languages/csharp.js';
import cssLanguage from 'highlight.js/lib/languages/css.js';
import scssLanguage from 'highlight.js/lib/languages/scss.js';
import lessLanguage from 'highlight.js/lib/languages/less.js';
import diffLanguage from 'highlight.js/lib/languages/diff.js';
import goLanguage from 'highlight.js/lib/languages/go.js';
import javaLanguage from 'highlight.js/lib/languages/java.js';
import javascriptLanguage from 'highlight.js/lib/languages/javascript.js';
import typescriptLanguage from 'highlight.js/lib/languages/typescript.js';
import jsonLanguage from 'highlight.js/lib/languages/json.js';
import kotlinLanguage from 'highlight.js/lib/languages/kotlin.js';
import luaLanguage from 'highlight.js/lib/languages/lua.js';
import makefileLanguage from 'highlight.js/lib/languages/makefile.js';
import markdownLanguage from 'highlight.js/lib/languages/markdown.js';
import objectivecLanguage from 'highlight.js/lib/languages/objectivec.js';
import perlLanguage from 'highlight.js/lib/languages/perl.js';
import phpLanguage from 'highlight.js/lib/languages/php.js';
import phpTemplateLanguage from 'highlight.js/lib/languages/php-template.js';
import plaintextLanguage from 'highlight.js/lib/languages/plaintext.js';
import pythonLanguage from 'highlight.js/lib/languages/python.js';
import pythonReplLanguage from 'highlight.js/lib/languages/python-repl.js';
import rLanguage from 'highlight.js/lib/languages/r.js';
import rubyLanguage from 'highlight.js/lib/languages/ruby.js';
import rustLanguage from 'highlight.js/lib/languages/rust.js';
import sqlLanguage from 'highlight.js/lib/languages/sql.js';
import pgsqlLanguage from 'highlight.js/lib/languages/pgsql.js';
import swiftLanguage from 'highlight.js/lib/languages/swift.js';
import vbnetLanguage from 'highlight.js/lib/languages/vbnet.js';
import xmlLanguage from 'highlight.js/lib/languages/xml.js';
import yamlLanguage from 'highlight.js/lib/languages/yaml.js';
import iniLanguage from 'highlight.js/lib/languages/ini.js';
import propertiesLanguage from 'highlight.js/lib/languages/properties.js';
import dockerfileLanguage from 'highlight.js/lib/languages/dockerfile.js';
import elixirLanguage from 'highlight.js/lib/languages/elixir.js';
import erlangLanguage from 'highlight.js/lib/languages/erlang.js';
import haskellLanguage from 'highlight.js/lib/languages/haskell.js';
import scalaLanguage from 'highlight.js/lib/languages/scala.js';
import clojureLanguage from 'highlight.js/lib/languages/clojure.js';
import dartLanguage from 'highlight.js/lib/languages/dart.js';
import powershellLanguage from 'highlight.js/lib/languages/powershell.js';
import protobufLanguage from 'highlight.js/lib/languages/protobuf.js';
import nginxLanguage from 'highlight.js/lib/languages/nginx.js';
import apacheLanguage from 'highlight.js/lib/languages/apache.js';
import groovyLanguage from 'highlight.js/lib/languages/groovy.js';
import gradleLanguage from 'highlight.js/lib/languages/gradle.js';
import ocamlLanguage from 'highlight.js/lib/languages/ocaml.js';
import fsharpLanguage from 'highlight.js/lib/languages/fsharp.js';
import juliaLanguage from 'highlight.js/lib/languages/julia.js';
import latexLanguage from 'highlight.js/lib/languages/latex.js';
import cmakeLanguage from 'highlight.js/lib/languages/cmake.js';
import x86asmLanguage from 'highlight.js/lib/languages/x86asm.js';
import armasmLanguage from 'highlight.js/lib/languages/armasm.js';
import nixLanguage from 'highlight.js/lib/languages/nix.js';
import dosLanguage from 'highlight.js/lib/languages/dos.js';
import awkLanguage from 'highlight.js/lib/languages/awk.js';
import vimLanguage from 'highlight.js/lib/languages/vim.js';
import tclLanguage from 'highlight.js/lib/languages/tcl.js';
import matlabLanguage from 'highlight.js/lib/languages/matlab.js';
import fortranLanguage from 'highlight.js/lib/languages/fortran.js';
import elmLanguage from 'highlight.js/lib/languages/elm.js';
import crystalLanguage from 'highlight.js/lib/languages/crystal.js';
import nimLanguage from 'highlight.js/lib/languages/nim.js';
import dLanguage from 'highlight.js/lib/languages/d.js';
import lispLanguage from 'highlight.js/lib/languages/lisp.js';
import schemeLanguage from 'highlight.js/lib/languages/scheme.js';
import coffeescriptLanguage from 'highlight.js/lib/languages/coffeescript.js';
import handlebarsLanguage from 'highlight.js/lib/languages/handlebars.js';
import twigLanguage from 'highlight.js/lib/languages/twig.js';
import erbLanguage from 'highlight.js/lib/languages/erb.js';
import djangoLanguage from 'highlight.js/lib/languages/django.js';
import httpLanguage from 'highlight.js/lib/languages/http.js';
import llvmLanguage from 'highlight.js/lib/languages/llvm.js';
import glslLanguage from 'highlight.js/lib/languages/glsl.js';
import verilogLanguage from 'highlight.js/lib/languages/verilog.js';
import vhdlLanguage from 'highlight.js/lib/languages/vhdl.js';
import prologLanguage from 'highlight.js/lib/languages/prolog.js';
import smlLanguage from 'highlight.js/lib/languages/sml.js';
import reasonmlLanguage from 'highlight.js/lib/languages/reasonml.js';
import delphiLanguage from 'highlight.js/lib/languages/delphi.js';
import adaLanguage from 'highlight.js/lib/languages/ada.js';
import arduinoLanguage from 'highlight.js/lib/languages/arduino.js';
import gherkinLanguage from 'highlight.js/lib/languages/gherkin.js';
import thriftLanguage from 'highlight.js/lib/languages/thrift.js';
import valaLanguage from 'highlight.js/lib/languages/vala.js';
import haxeLanguage from 'highlight.js/lib/languages/haxe.js';

export const languages: Readonly<Record<string, Parameters<typeof hljs.registerLanguage>[1]>> = {
  bash: bashLanguage, shell: shellLanguage, c: cLanguage, cpp: cppLanguage, csharp: csharpLanguage, css: cssLanguage,
  scss: scssLanguage, less: lessLanguage, diff: diffLanguage, go: goLanguage, java: javaLanguage,
  javascript: javascriptLanguage, typescript: typescriptLanguage, json: jsonLanguage, kotlin: kotlinLanguage,
  lua: luaLanguage, makefile: makefileLanguage, markdown: markdownLanguage, objectivec: objectivecLanguage,
  perl: perlLanguage, php: phpLanguage, 'php-template': phpTemplateLanguage, plaintext: plaintextLanguage,
  python: pythonLanguage, 'python-repl': pythonReplLanguage, r: rLanguage, ruby: rubyLanguage, rust: rustLanguage,
  sql: sqlLanguage, pgsql: pgsqlLanguage, swift: swiftLanguage, vbnet: vbnetLanguage, xml: xmlLanguage,
  yaml: yamlLanguage, ini: iniLanguage, properties: propertiesLanguage, dockerfile: dockerfileLanguage,
  elixir: elixirLanguage, erlang: erlangLanguage, haskell: haskellLanguage, scala: scalaLanguage,
  clojure: clojureLanguage, dart: dartLanguage, powershell: powershellLanguage, protobuf: protobufLanguage,
  nginx: nginxLanguage, apache: apacheLanguage, groovy: groovyLanguage, gradle: gradleLanguage, ocaml: ocamlLanguage,
  fsharp: fsharpLanguage, julia: juliaLanguage, latex: latexLanguage, cmake: cmakeLanguage, x86asm: x86asmLanguage,
  armasm: armasmLanguage, nix: nixLanguage, dos: dosLanguage, awk: awkLanguage, vim: vimLanguage, tcl: tclLanguage,
  matlab: matlabLanguage, fortran: fortranLanguage, elm: elmLanguage, crystal: crystalLanguage, nim: nimLanguage,
  d: dLanguage, lisp: lispLanguage, scheme: schemeLanguage, coffeescript: coffeescriptLanguage,
  handlebars: handlebarsLanguage, twig: twigLanguage, erb: erbLanguage, django: djangoLanguage, http: httpLanguage,
  llvm: llvmLanguage, glsl: glslLanguage, verilog: verilogLanguage, vhdl: vhdlLanguage, prolog: prologLanguage,
  sml: smlLanguage, reasonml: reasonmlLanguage, delphi: delphiLanguage, ada: adaLanguage, arduino: arduinoLanguage,
  gherkin: gherkinLanguage, thrift: thriftLanguage, vala: valaLanguage, haxe: haxeLanguage,
};
