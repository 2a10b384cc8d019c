-- A screenshot needs a rendered page: monitors watching "visual" render (the monitors service keeps it so).
UPDATE "monitors" SET "render_js" = true WHERE "watch" ? 'visual' AND "render_js" = false;
