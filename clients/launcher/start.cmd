@echo off
rem Avalive live-stream client: starts it and opens its page in your browser. See README.txt.
cd /d "%~dp0"
where node >nul 2>nul
if errorlevel 1 (
  echo Node.js 20 or newer is needed: install it from https://nodejs.org, then run start.cmd again.
  pause
  exit /b 1
)
node server.mjs --open %*
if errorlevel 1 pause
