//! The desktop window (eframe/egui). It holds no rules: it turns input into moves for the
//! rules core and paints positions.

use std::path::PathBuf;

/// Opens the game window and runs it until it is closed.
pub fn run(_settings: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("boardplay")
            .with_inner_size([900.0, 640.0])
            .with_min_inner_size([360.0, 280.0]),
        ..Default::default()
    };
    eframe::run_native("boardplay", options, Box::new(|_cc| Ok(Box::new(App))))
}

struct App;

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        ui.heading("boardplay");
    }
}
